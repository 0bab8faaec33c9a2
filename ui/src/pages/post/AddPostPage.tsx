import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const AddPostPage = placeholder('add-post', 'Add Post');
