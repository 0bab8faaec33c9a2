import { useMyRatings, useMyWishlist } from '../../api/queries';
import { useAuth } from '../../auth/AuthContext';
import { LibraryView } from './LibraryView';
import { LoginInvitation } from '../../components/LoginPrompt';

/** /my-library: the signed-in member's rated albums and wishlist. */
export function LibraryPage() {
  const { user } = useAuth();
  const ratings = useMyRatings();
  const wishlist = useMyWishlist();
  return (
    <section class="library-page" data-screen="library">
      <h1>Library</h1>
      {user ? (
        <LibraryView ratings={ratings} wishlist={wishlist} initial={{ grouping: 'artist', secondary: 'none' }} />
      ) : (
        <LoginInvitation reason="to start building your library." />
      )}
    </section>
  );
}
