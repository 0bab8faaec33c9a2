import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const CollectionPage = placeholder('list', 'List');
