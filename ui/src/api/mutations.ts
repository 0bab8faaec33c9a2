// Writes that change what many screens show, with the cache refreshed after.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { communityApi } from './community';

/** Everything that shows an album's figures or the member's own ratings. */
const RATING_VIEWS = new Set([
  'album',
  'artist',
  'artist-albums',
  'album-ratings',
  'my-ratings',
  'popular-albums',
  'chart',
  'profile-stats',
  'user-ratings',
]);

export function refreshRatingViews(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => RATING_VIEWS.has(String(query.queryKey[0])) });
}

/** Rate (a number) or add to the library (null). */
export function useRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, artistId, number }: { albumId: number; artistId: number; number: number | null }) =>
      communityApi.rate(albumId, artistId, number),
    onSettled: () => refreshRatingViews(client),
  });
}

export function useDeleteRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ratingId: number) => communityApi.deleteRating(ratingId),
    onSettled: () => refreshRatingViews(client),
  });
}

export function useWishlistToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { add: true; albumId: number; albumTitle: string } | { add: false; itemId: number }) => {
      if (change.add) await communityApi.addToWishlist(change.albumId, change.albumTitle);
      else await communityApi.removeFromWishlist(change.itemId);
    },
    onSettled: () => client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'my-wishlist' }),
  });
}
