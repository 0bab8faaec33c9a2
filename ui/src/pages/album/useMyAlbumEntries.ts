import { useAuth } from '../../auth/AuthContext';
import { useMyRatings, useMyWishlist } from '../../api/queries';

/**
 * The signed-in member's own rows for one album: the rating row (a number,
 * or null for a library-only entry) and the wishlist item. `known` is false
 * while either list is still loading, so buttons don't offer an add that
 * would clash with a row not seen yet.
 */
export function useMyAlbumEntries(albumId: number) {
  const { user } = useAuth();
  const ratings = useMyRatings();
  const wishlist = useMyWishlist();
  return {
    ratingRow: ratings.data?.find((rating) => rating.albumId === albumId),
    wishlistItem: wishlist.data?.find((item) => item.albumId === albumId),
    known: user == null || (ratings.isSuccess && wishlist.isSuccess),
  };
}
