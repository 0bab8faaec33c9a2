import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const PostPage = placeholder('post', 'Post');
