import { useLocation } from 'wouter-preact';
import { useDeleteRating, useRate, useWishlistToggle } from '../../api/mutations';
import type { Album } from '../../api/types';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { AddToListButton } from '../../components/AddToList';
import { LogListenButton } from '../../components/LogListen';
import { MyListensLine } from './MyListensLine';
import { Cover } from '../../components/Cover';
import { useWriteRefusal } from '../../components/SuspendedBanner';
import { useMyAlbumEntries } from './useMyAlbumEntries';

/**
 * The cover with the album's actions in a row under it (beside it on
 * phones), always shown.
 */
export function AlbumCover({
  album,
  askLogin,
  refuse,
  onEdit,
}: {
  album: Album;
  askLogin: (reason: string) => void;
  refuse: (message: string) => void;
  onEdit: () => void;
}) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const { ratingRow, wishlistItem, known } = useMyAlbumEntries(album.albumId);
  const wishlist = useWishlistToggle();
  const library = useRate();
  const leaveLibrary = useDeleteRating();
  const canEdit = editsCatalogue(user);
  const refused = useWriteRefusal();
  const failed = (error: Error) => refuse(error.message);

  const writeReview = () => {
    if (!user) return askLogin('to write a review.');
    const query = `artist=${encodeURIComponent(album.artist)}&album=${encodeURIComponent(album.title)}`;
    navigate(`/add-review?${query}`);
  };

  const toggleWishlist = () => {
    if (!user) return askLogin('to add to your wishlist.');
    const change = wishlistItem
      ? ({ add: false, itemId: wishlistItem.wishlistitemId } as const)
      : ({ add: true, albumId: album.albumId, albumTitle: album.title } as const);
    wishlist.mutate(change, { onError: failed });
  };

  const toggleLibrary = () => {
    if (!user) return askLogin('to add to your library.');
    if (ratingRow) leaveLibrary.mutate(ratingRow.ratingId, { onError: failed });
    else library.mutate({ albumId: album.albumId, artistId: album.artistId, number: null }, { onError: failed });
  };
  // A rated album is in the library through its rating: taking it out is
  // removing the rating, which the rating control offers.
  const rated = ratingRow?.number != null;

  return (
    <div class="album-cover">
      <Cover
        src={album.pictureUrl}
        name={album.title}
        alt={`Cover of ${album.title} by ${album.artist}`}
        sizes="(max-width: 760px) 280px, 340px"
        retry
      />
      {/* A suspended member's actions are all disabled, the reason on hover. */}
      <fieldset class="album-cover-actions" aria-label="Album actions" disabled={refused != null} title={refused ?? undefined}>
        <button type="button" class="album-action" onClick={writeReview}>
          Write a Review
        </button>
        <button
          type="button"
          class={wishlistItem ? 'album-action done' : 'album-action'}
          aria-pressed={wishlistItem != null}
          disabled={!known || wishlist.isPending}
          onClick={toggleWishlist}
        >
          {wishlistItem ? 'Added to Wishlist' : 'Add to Wishlist'}
        </button>
        <button
          type="button"
          class={ratingRow ? 'album-action done' : 'album-action'}
          aria-pressed={ratingRow != null}
          // Posting null over a rating would erase its number.
          disabled={!known || library.isPending || leaveLibrary.isPending || rated}
          title={rated ? 'Rated albums stay in your library; remove your rating to take it out.' : undefined}
          onClick={toggleLibrary}
        >
          {ratingRow ? 'Added to Library' : 'Add to Library'}
        </button>
        <AddToListButton album={album} variant="action" />
        <LogListenButton album={album} variant="action" />
        {canEdit && (
          <button type="button" class="album-action" onClick={onEdit}>
            Edit Album
          </button>
        )}
      </fieldset>
      {user && <MyListensLine albumId={album.albumId} username={user.username} />}
    </div>
  );
}
