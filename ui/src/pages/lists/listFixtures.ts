// Server answers shared by the lists' tests.
import type { ListEntry, ListPage, ListSummary } from '../../api/lists';
import type { Album } from '../../api/types';
import { fakeServer, vera } from '../../test/fakeServer';
import { okComputer } from '../album/albumFixtures';

export const mira = { userId: 5, username: 'mira99', createdAt: '2025-03-03T10:00:00.000Z', profilePictureUrl: '', role: 'user', email: 'mira@example.com' };

export function album(albumId: number, title: string, artist: string, extra: Partial<Album> = {}): Album {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const artistSlug = artist.toLowerCase().replace(/\s+/g, '-');
  return { ...okComputer, albumId, title, slug, artist, artistSlug, ...extra };
}

export const kidA = album(1, 'Kid A', 'Radiohead', { releaseYear: 2000, averageRating: 8.5, numberOfRatings: 4, userRating: 9 });
export const loveless = album(2, 'Loveless', 'My Bloody Valentine', { releaseYear: 1991, averageRating: 9, numberOfRatings: 2 });
export const dummy = album(3, 'Dummy', 'Portishead', { releaseYear: 1994, numberOfRatings: 0, averageRating: 0 });

export function summary(extra: Partial<ListSummary> = {}): ListSummary {
  return {
    listId: 7,
    title: 'Late night',
    slug: 'late-night',
    description: 'For after midnight.',
    ranked: true,
    visibility: 'public',
    author: { userId: vera.userId, username: vera.username, profilePictureUrl: '' },
    entryCount: 3,
    likeCount: 2,
    commentCount: 0,
    covers: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    hidden: false,
    ...extra,
  };
}

export function entries(albums: Album[] = [kidA, loveless, dummy], notes: string[] = ['Start here.', '', '']): ListEntry[] {
  return albums.map((entryAlbum, index) => ({
    entryId: 100 + entryAlbum.albumId,
    position: index + 1,
    note: notes[index] ?? '',
    addedAt: '2026-11-01T10:00:00.000Z',
    album: entryAlbum,
  }));
}

export function listPage(extra: Partial<ListPage> = {}, list: Partial<ListSummary> = {}): ListPage {
  const rows = extra.entries ?? entries();
  return { list: summary({ entryCount: rows.length, ...list }), entries: rows, likedByMe: false, canEdit: false, ...extra };
}

export const LIST_URL = '/list/7/late-night';

/**
 * The list's page and its comments, as `member` (signed in when given).
 * The table stays live: a test may change an answer between steps.
 */
export function listServer(page: ListPage, extra: Record<string, [number, unknown?]> = {}, member: typeof vera | null = null) {
  if (member) localStorage.setItem('halfstar.token', 'token');
  const answers: Record<string, [number, unknown?]> = {
    [`GET /api/list/${page.list.listId}`]: [200, page],
    [`GET /api/comment/list/${page.list.listId}*`]: [200, { data: [], totalPages: 0, totalListComments: 0 }],
    ...(member ? { 'GET /api/auth/me': [200, member] } : {}),
    ...extra,
  };
  return { ...fakeServer(answers), answers };
}
