import type { QueryClient } from '@tanstack/react-query';

/** The queries of a member's sessions and long-lived keys: ending one can end the others. */
export const SESSION_QUERIES = ['sessions', 'player-token', 'calendar-link'] as const;

/** After sessions or keys changed (one ended, a password changed, a key made or revoked), every list of them is asked again. */
export function refreshSessionsAndKeys(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => (SESSION_QUERIES as readonly unknown[]).includes(query.queryKey[0]) });
}
