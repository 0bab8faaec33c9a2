// What waits for the staff, and the warnings waiting for a member.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { editsCatalogue, useAuth } from '../auth/AuthContext';
import { moderationApi } from './moderation';
import { useViewer } from './queries';
import { underViewer } from './viewerCache';

/**
 * How often the staff's counts are asked while their tab is shown: a report
 * shows within seconds. The staff are few and the answer is two indexed
 * counts, so this costs the server next to nothing.
 */
const STAFF_POLL_MS = 5 * 1000;

/**
 * Open reports (admins) and change requests (editors and admins), asked
 * every few seconds and when the window comes back, so the header's badge
 * moves without a reload. Undefined for everyone else.
 */
export function useStaffCounts() {
  const { user } = useAuth();
  const staff = editsCatalogue(user);
  const counts = useQuery({
    queryKey: underViewer(['staff-counts'], useViewer()),
    queryFn: ({ signal }) => moderationApi.counts(signal),
    enabled: staff,
    staleTime: 0,
    refetchInterval: STAFF_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return staff ? counts.data : undefined;
}

/** Everything waiting for this member of staff: the header badge's number. */
export function waiting(counts: { openReports: number | null; openChangeRequests: number } | undefined): number {
  return (counts?.openReports ?? 0) + (counts?.openChangeRequests ?? 0);
}

/** "Reports (3)": a menu entry with what waits behind it. */
export function counted(label: string, count: number | null | undefined): string {
  return count ? `${label} (${count})` : label;
}

const WARNINGS = ['warnings'] as const;

/** The signed-in member's unread warnings, asked with their details and again on focus. */
export function useWarnings() {
  const { user } = useAuth();
  return useQuery({
    queryKey: underViewer(WARNINGS, useViewer()),
    queryFn: ({ signal }) => moderationApi.warnings(signal),
    enabled: user != null,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useRefreshWarnings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: WARNINGS });
}
