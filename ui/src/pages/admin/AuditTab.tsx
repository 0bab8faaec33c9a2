import type { AuditEntry } from '../../api/types';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { longDate } from '../../lib/format';
import { useAuditLog } from './adminQueries';

/** What each action code reads as, before its target. */
const ACTIONS: Record<string, string> = {
  role: 'changed the role of',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
  'sign-out': 'signed out',
  'signup-mode': 'changed sign-up on',
  'invite-create': 'created',
  'invite-revoke': 'revoked',
  'member-delete': 'deleted the account of',
  'report-dismissed': 'dismissed the reports on',
  'report-deleted': 'deleted the reported',
  'report-warned': 'warned the author of',
  'report-suspended': 'suspended the author of',
  'report-hidden': 'hid the reported',
  hide: 'hid',
  show: 'unhid',
};

/** '2026-05-01T09:30:00Z' -> 'May 1st, 2026, 09:30 UTC', as the server stores it. */
export function when(at: string): string {
  const time = /T(\d{2}:\d{2})/.exec(at)?.[1];
  return time ? `${longDate(at)}, ${time} UTC` : longDate(at);
}

/** The audit log, newest first. */
export function AuditTab() {
  const log = useAuditLog();
  if (log.isPending) return <Loading label="Loading the audit log…" />;
  if (log.isError) return <ErrorNote error={log.error} />;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <Empty>Nothing has been done yet.</Empty>;
  const total = log.data.pages.at(-1)?.total;
  return (
    <div class="admin-tab">
      <ol class="audit-log" aria-label="Audit log">
        {entries.map((entry) => (
          <AuditRow key={entry.entryId} entry={entry} />
        ))}
      </ol>
      <ShowMore list={{ ...log, items: entries }} total={total} />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li class="audit-entry">
      <time class="admin-detail" dateTime={entry.at}>
        {when(entry.at)}
      </time>
      <p>
        <strong>{entry.actor ?? 'the command line'}</strong> {ACTIONS[entry.action] ?? entry.action}{' '}
        {entry.target && <strong>{entry.target}</strong>}
        {entry.details && <span>: {entry.details}</span>}
      </p>
      {entry.note && <p class="audit-note">Note: {entry.note}</p>}
    </li>
  );
}
