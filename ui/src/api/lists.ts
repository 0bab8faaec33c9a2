// Lists: members curate, rank and discuss albums. One typed function per
// call; every answer depends on who asks (private and unlisted lists, the
// caller's like and own ratings), so the hooks (listQueries) cache them
// under the viewer.
import { api } from './client';
import { pathSegment } from './pathSegment';
import type {
  ListEdit,
  ListEntry,
  ListEvent,
  ListPage,
  ListsHolding,
  ListSummary,
  ListVisibility,
  Liking,
  MyList,
  NewListRequest,
} from './types';

export type {
  ListEdit,
  ListEntry,
  ListEvent,
  ListHit,
  ListPage,
  ListsHolding,
  ListSummary,
  ListVisibility,
  Liking,
  MyList,
  NewListRequest,
} from './types';

/** The list page's address; the slug is cosmetic. */
export function listPath(list: Pick<ListSummary, 'listId' | 'slug'>): string {
  return list.slug ? `/list/${list.listId}/${encodeURIComponent(list.slug)}` : `/list/${list.listId}`;
}

export const VISIBILITY_LABELS: Record<ListVisibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
};

export const VISIBILITY_HINTS: Record<ListVisibility, string> = {
  public: 'Anyone can find it: on your profile, the album pages and in search.',
  unlisted: 'Only people with the link can see it.',
  private: 'Only you can see it.',
};

export const listsApi = {
  create: (body: NewListRequest) => api<ListSummary>('/list', { method: 'POST', body }),
  page: (listId: number) => api<ListPage>(`/list/${listId}`),
  update: (listId: number, changes: ListEdit) => api<ListSummary>(`/list/${listId}`, { method: 'PATCH', body: changes }),
  remove: (listId: number) => api<void>(`/list/${listId}`, { method: 'DELETE' }),
  addEntry: (listId: number, albumId: number, note?: string) =>
    api<ListEntry>(`/list/${listId}/entries`, { method: 'POST', body: note ? { albumId, note } : { albumId } }),
  updateEntry: (listId: number, entryId: number, changes: { position?: number; note?: string }) =>
    api<ListPage>(`/list/${listId}/entries/${entryId}`, { method: 'PATCH', body: changes }),
  removeEntry: (listId: number, entryId: number) => api<void>(`/list/${listId}/entries/${entryId}`, { method: 'DELETE' }),
  like: (listId: number) => api<Liking>(`/list/${listId}/like`, { method: 'POST' }),
  unlike: (listId: number) => api<Liking>(`/list/${listId}/like`, { method: 'DELETE' }),
  ofUser: (username: string) => api<ListSummary[]>(`/list/user/${pathSegment(username)}`),
  mine: (albumId: number) => api<MyList[]>(`/list/mine?albumId=${albumId}`),
  ofAlbum: (albumId: number) => api<ListsHolding>(`/list/album/${albumId}`),
  popular: (limit = 6) => api<ListSummary[]>(`/list/popular?limit=${limit}`),
  history: (listId: number) => api<ListEvent[]>(`/list/${listId}/history`),
};
