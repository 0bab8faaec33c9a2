import { useState } from 'react';
import { useDeleteRating, useWishlistToggle } from '../../api/mutations';
import { useMyRatings, useMyWishlist } from '../../api/queries';
import { useAuth } from '../../auth/AuthContext';
import type { TileAction } from '../../components/AlbumTile';
import { Dialog } from '../../components/Dialog';
import { LoginInvitation } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import type { Entry } from './grouping';
import { LibraryView } from './LibraryView';
import { ListenedQueue } from './ListenedQueue';

/** /my-library: the signed-in member's albums listened to elsewhere and not rated yet, rated albums and wishlist. */
export function LibraryPage() {
  const { user } = useAuth();
  useDocumentTitle('Library');
  return (
    <section class="library-page" data-screen="library">
      <h1>Library</h1>
      {user ? <MyLibrary /> : <LoginInvitation reason="to start building your library." />}
    </section>
  );
}

function MyLibrary() {
  const ratings = useMyRatings();
  const wishlist = useMyWishlist();
  const takeOut = useTakeOut();
  return (
    <>
      <ListenedQueue />
      <LibraryView
        ratings={ratings}
        wishlist={wishlist}
        initial={{ grouping: 'artist', secondary: 'none' }}
        entryAction={takeOut.action}
      />
      {takeOut.refusal && (
        <Dialog title="Can't let you do that" onClose={takeOut.dismiss}>
          <p>{takeOut.refusal}</p>
        </Dialog>
      )}
    </>
  );
}

/**
 * What takes an album out again: an unrated library entry leaves the library,
 * a wishlist item the wishlist. A rated album stays until its rating is
 * removed on the album page, so a slip of the finger never loses a rating.
 */
function useTakeOut() {
  const deleteRating = useDeleteRating();
  const wishlist = useWishlistToggle();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = (error: Error) => setRefusal(error.message);
  const action = (entry: Entry): TileAction | undefined => {
    const row = entry.row;
    if ('wishlistitemId' in row) {
      return {
        label: 'Remove from Wishlist',
        pending: wishlist.isPending,
        run: () => wishlist.mutate({ add: false, itemId: row.wishlistitemId }, { onError: refused }),
      };
    }
    if (entry.number != null) return undefined;
    return {
      label: 'Remove from Library',
      pending: deleteRating.isPending,
      run: () => deleteRating.mutate(row.ratingId, { onError: refused }),
    };
  };
  return { action, refusal, dismiss: () => setRefusal(null) };
}
