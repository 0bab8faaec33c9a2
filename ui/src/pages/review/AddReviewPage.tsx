import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const AddReviewPage = placeholder('add-review', 'Add Review');
