import { useAuth } from '../auth/AuthContext';
import type { Suspension } from '../api/types';
import { dayMonthYear } from '../lib/format';

/** The sentence the server's refusals use, so the banner and a refused write read alike. */
export function suspensionText({ until, reason }: Suspension): string {
  const when = until ? ` until ${dayMonthYear(until)}` : '';
  return `Your account is suspended${when}: ${reason}. You can read, but not write.`;
}

/** Under the header on every page while the signed-in member is suspended. */
export function SuspendedBanner() {
  const suspension = useAuth().user?.suspension;
  if (!suspension) return null;
  return (
    <p class="suspended-banner" role="status">
      {suspensionText(suspension)}
    </p>
  );
}
