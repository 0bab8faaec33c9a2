import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const AddArtistPage = placeholder('add-artist', 'Add Artist');
