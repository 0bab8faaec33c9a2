// Data hooks over the query cache. The spec's lists are cached for ten
// minutes and not refetched when the window regains focus; a member's own
// data is only asked for when someone is signed in.
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../auth/AuthContext';
import { ApiError } from './client';
import { catalogueApi } from './catalogue';
import { communityApi } from './community';
import { underViewer } from './viewerCache';

export const TEN_MINUTES = 10 * 60 * 1000;

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: TEN_MINUTES,
        gcTime: TEN_MINUTES,
        refetchOnWindowFocus: false,
        // A 404 or a refused call will not change by asking again.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}

export const keys = {
  artist: (name: string) => ['artist', name.toLowerCase()] as const,
  artistAlbums: (name: string) => ['artist-albums', name.toLowerCase()] as const,
  album: (artist: string, title: string) => ['album', artist.toLowerCase(), title.toLowerCase()] as const,
  albumRatings: (albumId: number) => ['album-ratings', albumId] as const,
  ratingDistribution: (albumId: number) => ['rating-distribution', albumId] as const,
  albumReviews: (albumId: number) => ['album-reviews', albumId] as const,
  comments: (kind: string, id: number, page: number) => ['comments', kind, id, page] as const,
  chart: (year: string, genre: string, page: number) => ['chart', year, genre, page] as const,
  genre: (name: string) => ['genre', name.toLowerCase()] as const,
  genres: ['genres'] as const,
  popular: ['popular-albums'] as const,
  featured: ['featured-reviews'] as const,
  recentComments: (kind: string) => ['recent-comments', kind] as const,
  recentPosts: ['recent-posts'] as const,
  recentReviews: ['recent-reviews'] as const,
  myRatings: ['my-ratings'] as const,
  myWishlist: ['my-wishlist'] as const,
};

/** Who is asking: part of the key of every answer that depends on it. */
export function useViewer(): number {
  return useAuth().user?.userId ?? 0;
}

/** A query whose answer depends on who asks, cached under the viewer. */
export function useViewerQuery<T>(key: readonly unknown[], queryFn: () => Promise<T>, enabled = true) {
  return useQuery({ queryKey: underViewer(key, useViewer()), queryFn, enabled });
}

/** Artists, albums and public lists matching `query` (as typed, settled): the search box's and the list editor's. */
export function useCatalogueSearch(query: string) {
  return useQuery({
    queryKey: ['search', query.toLowerCase()],
    queryFn: ({ signal }) => catalogueApi.search(query, signal),
    enabled: query.length > 0 && query.length <= 100,
    staleTime: 60_000,
  });
}

export function useArtist(name: string) {
  return useQuery({ queryKey: keys.artist(name), queryFn: () => catalogueApi.artist(name) });
}

export function useArtistAlbums(name: string) {
  return useViewerQuery(keys.artistAlbums(name), () => catalogueApi.artistAlbums(name));
}

export function useGenres() {
  return useQuery({ queryKey: keys.genres, queryFn: catalogueApi.genres, staleTime: Infinity });
}

export function useGenre(name: string, enabled = true) {
  return useQuery({ queryKey: keys.genre(name), queryFn: () => catalogueApi.genre(name), enabled });
}

export function useChart(year: string, genre: string, page = 1) {
  return useViewerQuery(keys.chart(year, genre, page), () => catalogueApi.chart(year, genre, page));
}

export function usePopularAlbums() {
  return useViewerQuery(keys.popular, () => catalogueApi.popularAlbums());
}

// The home page's lists hold hidden items for their author and the admins only.

/** One row of featured reviews at desktop widths, and what their placeholders hold a place for. */
export const FEATURED_SHOWN = 5;

export function useFeaturedReviews() {
  return useViewerQuery(keys.featured, () => communityApi.featuredReviews(FEATURED_SHOWN));
}

export function useRecentComments(kind: 'all' | 'album' | 'review' | 'post') {
  return useViewerQuery(keys.recentComments(kind), () => communityApi.recentComments(kind));
}

export function useRecentPosts() {
  return useViewerQuery(keys.recentPosts, () => communityApi.recentPosts());
}

export function useRecentReviews() {
  return useViewerQuery(keys.recentReviews, () => communityApi.recentReviews());
}

/** The signed-in member's ratings and library; nothing is asked when signed out. */
export function useMyRatings() {
  const { user } = useAuth();
  return useViewerQuery(keys.myRatings, () => communityApi.ratingsOfUser(user!.userId), user != null);
}

export function useMyWishlist() {
  const { user } = useAuth();
  return useViewerQuery(keys.myWishlist, () => communityApi.wishlist(user!.userId), user != null);
}

/** The signed-in member's rating of any album (null: not rated, or nobody signed in). */
export function useMyRatingOf(): (albumId: number) => number | null {
  const ratings = useMyRatings();
  // Once per answer, not at every render of every row of tiles that asks.
  const byAlbum = useMemo(() => new Map(ratings.data?.map((rating) => [rating.albumId, rating.number])), [ratings.data]);
  return (albumId) => byAlbum.get(albumId) ?? null;
}
