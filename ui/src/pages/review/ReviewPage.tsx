import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const ReviewPage = placeholder('review', 'Review');
