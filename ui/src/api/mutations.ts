// Writes that change what many screens show, with the cache refreshed after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityApi } from './community';
import { refreshAfterWrite } from './viewerCache';

/** Rate (a number) or add to the library (null). */
export function useRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, artistId, number }: { albumId: number; artistId: number; number: number | null }) =>
      communityApi.rate(albumId, artistId, number),
    onSettled: () => refreshAfterWrite(client),
  });
}

/** Removes a rating, or an album from the library (the same row). */
export function useDeleteRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ratingId: number) => communityApi.deleteRating(ratingId),
    onSettled: () => refreshAfterWrite(client),
  });
}

export function useWishlistToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { add: true; albumId: number; albumTitle: string } | { add: false; itemId: number }) => {
      if (change.add) await communityApi.addToWishlist(change.albumId, change.albumTitle);
      else await communityApi.removeFromWishlist(change.itemId);
    },
    onSettled: () => refreshAfterWrite(client),
  });
}
