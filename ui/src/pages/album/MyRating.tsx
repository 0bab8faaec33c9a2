import { useState } from 'react';
import { useDeleteRating, useRate } from '../../api/mutations';
import type { Album } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { HalfStarRating, RatingStripe } from '../../components/HalfStarRating';
import { useWriteRefusal } from '../../components/SuspendedBanner';
import { userRating } from '../../lib/format';
import { useMyAlbumEntries } from './useMyAlbumEntries';
import { useNoHover } from './useNoHover';

/**
 * The member's own rating of the album: stars (a stripe on touch screens),
 * the value, and a control to remove it. The shown value changes at once
 * and goes back if the server refuses.
 */
export function MyRating({
  album,
  askLogin,
  refuse,
}: {
  album: Album;
  askLogin: (reason: string) => void;
  refuse: (message: string) => void;
}) {
  const { user } = useAuth();
  const noHover = useNoHover();
  const refused = useWriteRefusal();
  const { ratingRow } = useMyAlbumEntries(album.albumId);
  const rate = useRate();
  const deleteRating = useDeleteRating();
  // The optimistic value; `undefined` means "whatever the server says".
  const [local, setLocal] = useState<number | null | undefined>(undefined);
  const saved = ratingRow ? ratingRow.number : user ? album.userRating : null;
  const shown = local !== undefined ? local : saved;

  const onRate = (number: number) => {
    if (!user) return askLogin('to rate albums.');
    setLocal(number);
    rate.mutate(
      { albumId: album.albumId, artistId: album.artistId, number },
      {
        onError: (error) => {
          setLocal(undefined);
          refuse(error.message);
        },
      },
    );
  };

  const onRemove = () => {
    if (!ratingRow) return;
    setLocal(null);
    deleteRating.mutate(ratingRow.ratingId, {
      onError: (error) => {
        setLocal(undefined);
        refuse(error.message);
      },
    });
  };

  return (
    <div class="album-my-rating">
      <span class="album-my-rating-label">Your rating</span>
      <div class="album-my-rating-control">
        {refused ? (
          <HalfStarRating value={shown} label={`Rate ${album.title}`} disabled={refused} />
        ) : noHover ? (
          <div class="album-stripe" data-no-swipe>
            <RatingStripe value={shown} onChange={onRate} label={`Rate ${album.title}`} />
          </div>
        ) : (
          <HalfStarRating value={shown} onChange={onRate} label={`Rate ${album.title}`} />
        )}
        {/* The stripe shows the value itself; screen readers still need it. */}
        <span class={noHover ? 'visually-hidden' : 'album-my-rating-value'} aria-live="polite">
          {userRating(shown)}
        </span>
        {ratingRow && shown != null && (
          <button
            type="button"
            class="album-remove-rating"
            aria-label="Remove my rating"
            title="Remove my rating"
            disabled={deleteRating.isPending}
            onClick={onRemove}
          >
            ×
          </button>
        )}
      </div>
    </div>
  );
}
