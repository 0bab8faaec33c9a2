import { api } from './client';
import type { NewPlayerToken, PlayerTokenState, UnmatchedAlbums } from './types';

/** The member's music players: the token they send, and the plays of albums the catalogue lacks. */
export const playersApi = {
  token: (signal?: AbortSignal) => api<PlayerTokenState>('/settings/player-token', { signal }),
  makeToken: () => api<NewPlayerToken>('/settings/player-token', { method: 'POST' }),
  revokeToken: () => api<void>('/settings/player-token', { method: 'DELETE' }),
  unmatched: (offset: number, signal?: AbortSignal) =>
    api<UnmatchedAlbums>(`/user/me/player-listens/unmatched?limit=50&offset=${offset}`, { signal }),
};
