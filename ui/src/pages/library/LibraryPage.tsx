import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const LibraryPage = placeholder('library', 'Library');
