import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from './client';
import { useViewer } from './queries';
import type { NewReleases } from './types';
import { underViewer } from './viewerCache';

/** What /new lists: released lately or to come, and the filters that combine. */
export interface NewFilters {
  when: 'recent' | 'upcoming';
  followed: boolean;
  wishlist: boolean;
  /** A genre's slug; empty for every genre. */
  genre: string;
}

/** The filters as the page's address holds them (and the API takes them), defaults left out. */
export function newQuery(filters: NewFilters): string {
  const query = new URLSearchParams();
  if (filters.when === 'upcoming') query.set('when', 'upcoming');
  if (filters.followed) query.set('followed', 'true');
  if (filters.wishlist) query.set('wishlist', 'true');
  if (filters.genre) query.set('genre', filters.genre);
  return query.toString();
}

export function newFilters(params: URLSearchParams): NewFilters {
  return {
    when: params.get('when') === 'upcoming' ? 'upcoming' : 'recent',
    followed: params.get('followed') === 'true',
    wishlist: params.get('wishlist') === 'true',
    genre: params.get('genre') ?? '',
  };
}

export const newReleasesApi = {
  page: (query: string, page: number) => api<NewReleases>(`/new-releases?${query}${query ? '&' : ''}page=${page}`),
};

/** The releases the filters ask for, a page of 24 at a time. */
export function useNewReleases(filters: NewFilters) {
  const query = newQuery(filters);
  return useInfiniteQuery({
    queryKey: underViewer(['new-releases', query], useViewer()),
    queryFn: ({ pageParam }) => newReleasesApi.page(query, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
