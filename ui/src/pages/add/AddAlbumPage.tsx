import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const AddAlbumPage = placeholder('add-album', 'Add Album');
