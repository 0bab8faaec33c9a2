// The social data hooks. Every answer depends on who asks (whom they follow,
// block, what they were told), so every key is under the viewer and goes
// when the viewer changes.
import { hashKey, type QueryClient, type QueryKey, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../auth/AuthContext';
import { usePagedList } from './paged';
import { useViewer, useViewerQuery } from './queries';
import { socialApi, type Author, type Social } from './social';
import { markOthersChangesStale, underViewer } from './viewerCache';

export const socialKeys = {
  social: (username: string) => ['social', username.toLowerCase()] as const,
  followers: (username: string) => ['followers', username.toLowerCase()] as const,
  following: (username: string) => ['following', username.toLowerCase()] as const,
  compatibility: (username: string) => ['compatibility', username.toLowerCase()] as const,
  blocks: ['blocks'] as const,
  artistFollow: (artistId: number) => ['artist-follow', artistId] as const,
  feed: ['feed'] as const,
  notifications: ['notifications'] as const,
  unread: ['notifications-unread'] as const,
  settings: ['community-settings'] as const,
};

/** Who follows whom changed: counts, lists, the feed and the blocked list are stale. */
const FOLLOW_ANSWERS = new Set(['social', 'followers', 'following', 'blocks', 'feed']);

/** `fresh`: the key of an answer just put in the cache, left as it is. */
export function refreshFollows(client: QueryClient, fresh?: QueryKey) {
  const skip = fresh ? hashKey(fresh) : null;
  return client.invalidateQueries({
    predicate: (query) => FOLLOW_ANSWERS.has(String(query.queryKey[0])) && query.queryHash !== skip,
  });
}

export const UNREAD_POLL_MS = 30 * 1000;
const FOLLOW_PAGE = 20;

export function useSocial(username: string) {
  return useViewerQuery(socialKeys.social(username), () => socialApi.social(username));
}

/** The cache key of a member's Social for the current viewer (to put a change's answer in at once). */
export function useSocialKey(username: string) {
  return underViewer(socialKeys.social(username), useViewer());
}

export function useFollowList(username: string, which: 'followers' | 'following') {
  return usePagedList<Author>({
    key: underViewer(which === 'followers' ? socialKeys.followers(username) : socialKeys.following(username), useViewer()),
    fetchPage: (page, limit) =>
      which === 'followers' ? socialApi.followers(username, page, limit) : socialApi.following(username, page, limit),
    limit: FOLLOW_PAGE,
    idOf: (author) => author.userId,
  });
}

/** Taste compatibility with another member; nothing is asked for a visitor or of oneself. */
export function useCompatibility(username: string, enabled: boolean) {
  return useViewerQuery(socialKeys.compatibility(username), () => socialApi.compatibility(username), enabled);
}

export function useBlocks() {
  const { user } = useAuth();
  return useViewerQuery(socialKeys.blocks, socialApi.blocks, user != null);
}

export function useArtistFollow(artistId: number) {
  return useViewerQuery(socialKeys.artistFollow(artistId), () => socialApi.artistFollow(artistId));
}

/** The signed-in member's feed, newest first, a page at a time by cursor. */
export function useFeed(limit = 20) {
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: underViewer(socialKeys.feed, useViewer()),
    queryFn: ({ pageParam }) => socialApi.feed(pageParam, limit),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: user != null,
    // What the people one follows did is worth asking again on each visit.
    staleTime: 0,
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((item) => (seen.has(item.cursor) ? false : (seen.add(item.cursor), true)));
  }, [query.data]);
  return { ...query, items };
}

export function useNotifications(limit = 20) {
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: underViewer(socialKeys.notifications, useViewer()),
    queryFn: ({ pageParam }) => socialApi.notifications(pageParam, limit),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    enabled: user != null,
    staleTime: 0,
  });
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.items), [query.data]);
  return { ...query, items };
}

/**
 * The unread count of the bell: asked every 30 seconds while the tab is
 * shown, and again when it is shown after being hidden. Undefined for visitors.
 */
export function useUnreadCount(): number | undefined {
  const { user } = useAuth();
  const client = useQueryClient();
  const key = underViewer(socialKeys.unread, useViewer());
  const unread = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const answer = await socialApi.unread(signal);
      // More to be told of: what it names changed, so kept pages are asked again.
      const before = client.getQueryData<typeof answer>(key);
      if (before && answer.unread > before.unread) await markOthersChangesStale(client);
      return answer;
    },
    enabled: user != null,
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return user ? unread.data?.unread : undefined;
}

/** After marking read: the server's new count goes on the bell, the list is asked again. */
export function useAfterRead() {
  const client = useQueryClient();
  const viewer = useViewer();
  return (answer: { unread: number }) => {
    client.setQueryData(underViewer(socialKeys.unread, viewer), answer);
    return client.invalidateQueries({ queryKey: socialKeys.notifications });
  };
}

export function useCommunitySettings() {
  const { user } = useAuth();
  return useViewerQuery(socialKeys.settings, socialApi.settings, user != null);
}

export type { Social };
