import { useState } from 'react';
import { authApi } from '../api/auth';
import { moderationApi } from '../api/moderation';
import { useRefreshWarnings, useWarnings } from '../api/moderationQueries';
import { useAuth } from '../auth/AuthContext';
import { useAfterNavigation } from '../lib/afterNavigation';
import type { Suspension } from '../api/types';
import { longDate } from '../lib/format';

/** The sentence the server's refusals use, so the banner and a refused write read alike. */
export function suspensionText({ until, reason }: Suspension): string {
  const when = until ? ` until ${longDate(until)}` : '';
  return `Your account is suspended${when}: ${reason}. You can read, but not write.`;
}

/**
 * Why the signed-in member may not write now (their suspension, in the
 * banner's words), or null: write controls are disabled with it, instead
 * of failing after the click.
 */
export function useWriteRefusal(): string | null {
  const suspension = useAuth().user?.suspension;
  return suspension ? suspensionText(suspension) : null;
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

/** An admin's unread warning, one at a time, until the member says they have read it. */
export function WarningBanner() {
  const warnings = useWarnings();
  const refresh = useRefreshWarnings();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const warning = warnings.data?.warnings[0];
  if (!warning) return null;
  const seen = async () => {
    setPending(true);
    setError('');
    try {
      await moderationApi.seen(warning.warningId);
      await refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <div class="warning-banner" role="alert">
      <p>An admin warned you: {warning.message}</p>
      <button type="button" class="button" disabled={pending} onClick={seen}>
        I have read this
      </button>
      {error && <p class="form-error">{error}</p>}
    </div>
  );
}

/**
 * Moderation reaching a tab left open: on each move to another page the
 * signed-in member's standing (suspension, role) and warnings are asked
 * again, so a suspension shows its banner and disables the write controls
 * before a write fails, and a warning shows at once. The first page asked
 * both already.
 */
export function StandingCheck({ path }: { path: string }) {
  const { user, replaceUser } = useAuth();
  const refreshWarnings = useRefreshWarnings();
  useAfterNavigation(path, () => {
    if (!user) return;
    const controller = new AbortController();
    authApi
      .me(controller.signal)
      .then((me) => {
        if (JSON.stringify(me) !== JSON.stringify(user)) replaceUser(me);
      })
      // A session that ended is handled where every call is; anything else waits for the next page.
      .catch(() => {});
    void refreshWarnings();
    return () => controller.abort();
  });
  return null;
}
