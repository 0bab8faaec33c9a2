import { placeholder } from '../Placeholder';

// Replaced by the real screen.
export const ProfilePage = placeholder('profile', 'Profile');
