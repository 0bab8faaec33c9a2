// Most answers depend on who asks: album tiles carry the viewer's own rating,
// review and post pages their vote, the library their rows. Those answers are
// cached under the viewer, and a change of viewer (sign-in, sign-out, a token
// the server no longer accepts) drops all of them at once, so a shared
// computer never shows one member's data to the next.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface ViewerTag {
  viewer: number;
}

/** `key` cached for `viewer` (0 when nobody is signed in). */
export function underViewer<K extends readonly unknown[]>(key: K, viewer: number): readonly [...K, ViewerTag] {
  return [...key, { viewer }] as const;
}

/** Anywhere in the key: a paged list adds its page size after the viewer. */
export function isUnderViewer(key: QueryKey): boolean {
  return key.some((part) => typeof part === 'object' && part !== null && 'viewer' in part);
}

/** Forgets every answer that depended on who was signed in. */
export function forgetViewerAnswers(client: QueryClient) {
  void client.cancelQueries({ predicate: (query) => isUnderViewer(query.queryKey) });
  client.removeQueries({ predicate: (query) => isUnderViewer(query.queryKey) });
}

/** Answers no write of a member can change. */
const UNCHANGED_BY_WRITES = new Set(['genres', 'genre', 'descriptors']);

/**
 * After any write, everything a member could see it in is stale: the album's
 * figures, tiles on every page, profile figures, counts, home panels. The
 * screen on show refetches at once; others refetch when the member goes there.
 */
export function refreshAfterWrite(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => !UNCHANGED_BY_WRITES.has(String(query.queryKey[0])) });
}

/**
 * Someone else changed something: a new notification, or a notification or
 * feed entry about to be followed. Every kept answer is marked stale without
 * asking anything now, so the next page shown asks for its data again and
 * shows the change (a comment, a like) instead of the page as first read.
 */
export function markOthersChangesStale(client: QueryClient) {
  return client.invalidateQueries({ refetchType: 'none' });
}
