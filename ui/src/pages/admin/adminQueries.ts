// The admin page's answers, and the site's sign-up settings. Admin answers
// are cached under the viewer (gone at sign-out) and all start with 'admin',
// so one invalidation refreshes every tab after an action.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, inviteApi, siteApi } from '../../api/admin';
import { moderationApi } from '../../api/moderation';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';

const SITE_SIGNUP = ['site-signup'] as const;

/** How a visitor may join; asked afresh on every visit, as an admin may have just changed it. */
export function useSignupMode(enabled = true) {
  return useQuery({ queryKey: SITE_SIGNUP, queryFn: ({ signal }) => siteApi.signup(signal), staleTime: 0, enabled });
}

/**
 * Whether a visitor is offered "Sign up": unless the site's sign-up is
 * closed (a link to a page that only says so would be a dead end).
 */
export function useCanJoin(visitor: boolean): boolean {
  const settings = useSignupMode(visitor);
  return visitor && settings.data != null && settings.data.mode !== 'closed';
}

export function useMembers(q: string, page: number) {
  return useQuery({
    queryKey: underViewer(['admin', 'members', q, page], useViewer()),
    queryFn: ({ signal }) => adminApi.members(q, page, signal),
    // The list stays on screen while the next page or search is asked for.
    placeholderData: keepPreviousData,
  });
}

export function useAdminSignup() {
  return useQuery({ queryKey: underViewer(['admin', 'signup'], useViewer()), queryFn: ({ signal }) => adminApi.signup(signal) });
}

export function useFigures() {
  return useQuery({
    queryKey: underViewer(['admin', 'figures'], useViewer()),
    queryFn: ({ signal }) => adminApi.figures(signal),
    staleTime: 0,
  });
}

/** The check for new releases and its latest checks, asked afresh on every visit: it runs by itself. */
export function useReleaseChecks() {
  return useQuery({
    queryKey: underViewer(['admin', 'new-releases'], useViewer()),
    queryFn: ({ signal }) => adminApi.releaseChecks(signal),
    staleTime: 0,
  });
}

/** The audit log, newest first, a page of the server's at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: underViewer(['admin', 'audit'], useViewer()),
    queryFn: ({ pageParam, signal }) => adminApi.audit(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** The reported items, the longest waiting first. */
export function useReportQueue() {
  return useQuery({
    queryKey: underViewer(['admin', 'reports'], useViewer()),
    queryFn: ({ signal }) => moderationApi.queue(signal),
    staleTime: 0,
  });
}

/** Admins see everyone's invites, members their own. */
export function useInvites() {
  return useQuery({ queryKey: underViewer(['invites'], useViewer()), queryFn: ({ signal }) => inviteApi.list(signal) });
}

/** After an admin action or an invite change: every admin tab, the invites and the sign-up settings. */
export function useRefreshAdmin() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['staff-counts'] }),
      client.invalidateQueries({ queryKey: ['invites'] }),
      client.invalidateQueries({ queryKey: SITE_SIGNUP }),
    ]);
}
