// The lists' data hooks. Which lists an answer holds depends on who asks
// (private and unlisted ones for their author, hidden ones for the admins),
// and so do likes and the albums' own ratings: every key is under the viewer.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { listsApi } from './lists';
import { useViewer, useViewerQuery } from './queries';
import { underViewer } from './viewerCache';

export const listKeys = {
  page: (listId: number) => ['list', listId] as const,
  history: (listId: number) => ['list-history', listId] as const,
  ofUser: (username: string) => ['user-lists', username.toLowerCase()] as const,
  mine: (albumId: number) => ['my-lists', albumId] as const,
  ofAlbum: (albumId: number) => ['album-lists', albumId] as const,
  popular: ['popular-lists'] as const,
};

/** The first parts of the keys of answers that show lists of lists. */
const LIST_SUMMARIES = new Set(['user-lists', 'my-lists', 'album-lists', 'popular-lists', 'list-history']);

/**
 * After a change inside a list (a move, a note, a removal) every answer that
 * summarises lists is stale: counts, covers, dates. The list's own page is
 * left alone, since the change's answer (or the optimistic copy) is on it.
 */
export function refreshListSummaries(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => LIST_SUMMARIES.has(String(query.queryKey[0])) });
}

export function useListPage(listId: number) {
  return useViewerQuery(listKeys.page(listId), () => listsApi.page(listId), Number.isInteger(listId) && listId > 0);
}

/** The list page's cache key for the current viewer (for optimistic changes). */
export function useListPageKey(listId: number) {
  return underViewer(listKeys.page(listId), useViewer());
}

export function useListHistory(listId: number, enabled: boolean) {
  return useQuery({
    queryKey: underViewer(listKeys.history(listId), useViewer()),
    queryFn: () => listsApi.history(listId),
    enabled,
    staleTime: 0,
  });
}

export function useUserLists(username: string) {
  return useViewerQuery(listKeys.ofUser(username), () => listsApi.ofUser(username));
}

/** The signed-in member's lists, each saying whether it holds the album. */
export function useMyLists(albumId: number, enabled = true) {
  return useQuery({
    queryKey: underViewer(listKeys.mine(albumId), useViewer()),
    queryFn: () => listsApi.mine(albumId),
    enabled,
    // The chooser opens on what is true now, not on a ten-minute-old answer.
    staleTime: 0,
  });
}

export function useAlbumLists(albumId: number) {
  return useViewerQuery(listKeys.ofAlbum(albumId), () => listsApi.ofAlbum(albumId));
}

export function usePopularLists() {
  return useViewerQuery(listKeys.popular, () => listsApi.popular(6));
}
