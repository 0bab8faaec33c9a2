// Follows, blocks, the activity feed, notifications, community settings and
// taste compatibility (issue 23): one typed function per call. The caller is
// always the token's user.
import { api } from './client';
import { pathSegment } from './pathSegment';
import type { components } from './schema';

type Schemas = components['schemas'];

export type Author = Schemas['Author'];
/** Counts, and how the member stands to the reader (the you* are false for a visitor). */
export type Social = Schemas['Social'];
export type ArtistFollow = Schemas['ArtistFollow'];
export type FollowedArtist = Schemas['FollowedArtist'];
export type Feed = Schemas['Feed'];
export type FeedItem = Schemas['FeedItem'];
export type FeedAlbum = Schemas['FeedAlbum'];
export type Notification = Schemas['Notification'];
export type NotificationKind = Schemas['NotificationKind'];
export type Notifications = Schemas['Notifications'];
export type CommunitySettings = Schemas['CommunitySettings'];
export type NotificationSwitches = Schemas['Switches'];
export type SettingsChange = Schemas['SettingsChange'];
export type Compatibility = Schemas['Compatibility'];
export type SharedAlbum = Schemas['SharedAlbum'];

const user = (username: string) => `/user/username/${pathSegment(username)}`;

export const socialApi = {
  social: (username: string) => api<Social>(`${user(username)}/social`),
  follow: (username: string) => api<Social>(`${user(username)}/follow`, { method: 'POST' }),
  unfollow: (username: string) => api<Social>(`${user(username)}/follow`, { method: 'DELETE' }),
  removeFollower: (username: string) => api<Social>(`${user(username)}/follower`, { method: 'DELETE' }),
  block: (username: string) => api<Social>(`${user(username)}/block`, { method: 'POST' }),
  unblock: (username: string) => api<Social>(`${user(username)}/block`, { method: 'DELETE' }),
  followers: (username: string, page: number, limit: number) =>
    api<Author[]>(`${user(username)}/followers?page=${page}&limit=${limit}`),
  following: (username: string, page: number, limit: number) =>
    api<Author[]>(`${user(username)}/following?page=${page}&limit=${limit}`),
  blocks: () => api<Author[]>('/blocks'),
  compatibility: (username: string) => api<Compatibility>(`${user(username)}/compatibility`),

  artistFollow: (artistId: number) => api<ArtistFollow>(`/artist/${artistId}/follow`),
  followArtist: (artistId: number) => api<ArtistFollow>(`/artist/${artistId}/follow`, { method: 'POST' }),
  unfollowArtist: (artistId: number) => api<ArtistFollow>(`/artist/${artistId}/follow`, { method: 'DELETE' }),

  feed: (before: string | null, limit = 20) =>
    api<Feed>(`/feed?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`),

  notifications: (before: number | null, limit = 20) =>
    api<Notifications>(`/notifications?limit=${limit}${before != null ? `&before=${before}` : ''}`),
  unread: (signal?: AbortSignal) => api<{ unread: number }>('/notifications/unread', { signal }),
  /** No ids: every notification is read. */
  markRead: (ids?: number[]) =>
    api<{ unread: number }>('/notifications/read', { method: 'POST', body: ids ? { ids } : {} }),

  settings: () => api<CommunitySettings>('/settings/community'),
  changeSettings: (change: SettingsChange) =>
    api<CommunitySettings>('/settings/community', { method: 'PUT', body: change }),
};
