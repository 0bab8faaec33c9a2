import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter-preact';
import { moderationApi, type ItemKind, type ReportedItem, type ReportReason, type Resolution } from '../../api/moderation';
import { refreshAfterWrite } from '../../api/viewerCache';
import { profilePath } from '../../components/Header';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Saved } from '../../components/SubmitRow';
import { longDate } from '../../lib/format';
import { useReportQueue } from './adminQueries';
import { ActionDialog, SuspensionFields } from './MemberActions';

const KINDS: Record<ItemKind, string> = {
  review: 'Review',
  comment: 'Comment',
  post: 'Post',
  shout: 'Shout',
  list: 'List',
  profile: 'Profile',
};

const REASONS: Record<ReportReason, string> = { spam: 'spam', abuse: 'abuse', 'off-topic': 'off-topic', other: 'other' };

/** The reported items, the longest waiting first, each with its reports and what an admin may do. */
export function ReportsTab() {
  const queue = useReportQueue();
  const [chosen, setChosen] = useState<{ action: Resolution; item: ReportedItem } | null>(null);
  const [outcome, setOutcome] = useState('');
  if (queue.isPending) return <Loading label="Loading reports…" />;
  if (queue.isError) return <ErrorNote error={queue.error} />;
  return (
    <div class="admin-tab">
      <Saved message={outcome} />
      {queue.data.items.length === 0 ? (
        <Empty>Nothing reported. All quiet.</Empty>
      ) : (
        <ul class="report-queue" aria-label="Reported items">
          {queue.data.items.map((item) => (
            <ReportedRow
              key={`${item.itemKind}-${item.itemId}`}
              item={item}
              choose={(action) => {
                setOutcome('');
                setChosen({ action, item });
              }}
            />
          ))}
        </ul>
      )}
      {chosen && (
        <ResolveDialog
          action={chosen.action}
          item={chosen.item}
          onClose={() => setChosen(null)}
          onDone={(line) => {
            setChosen(null);
            setOutcome(line);
          }}
        />
      )}
    </div>
  );
}

function ReportedRow({ item, choose }: { item: ReportedItem; choose: (action: Resolution) => void }) {
  const [expanded, setExpanded] = useState(false);
  const kind = KINDS[item.itemKind];
  const long = item.text.length > 280 || item.text.split('\n').length > 4;
  return (
    <li class="reported-item">
      <div class="admin-member-name">
        <span class="admin-badge">{kind}</span>{' '}
        {item.author ? <Link href={profilePath(item.author)}>{item.author}</Link> : <em>gone</em>}
        {item.createdAt && <span class="admin-detail"> · {longDate(item.createdAt)}</span>}
        {item.hidden && <span class="admin-badge">Hidden</span>}
      </div>
      {item.itemKind !== 'profile' && (
        <>
          <p class={expanded || !long ? 'reported-text' : 'reported-text clamped'}>{item.text}</p>
          {long && (
            <button type="button" class="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show less' : 'Show all'}
            </button>
          )}
        </>
      )}
      <Link href={item.link} class="admin-detail">
        See it in context
      </Link>
      <ul class="report-lines" aria-label="Reports">
        {item.reports.map((report) => (
          <li key={report.reportId}>
            <strong>{report.reporter}</strong>: {REASONS[report.reason]}
            {report.note && <span> “{report.note}”</span>}
            <span class="admin-detail"> · {longDate(report.createdAt)}</span>
          </li>
        ))}
      </ul>
      <div class="admin-member-actions">
        <button type="button" class="button" onClick={() => choose('dismiss')}>
          Dismiss
        </button>
        {/* A profile is suspended, not hidden; a hidden item has nothing more to hide. */}
        {item.itemKind !== 'profile' && !item.hidden && (
          <button type="button" class="button" onClick={() => choose('hide')}>
            Hide
          </button>
        )}
        {item.itemKind !== 'profile' && (
          <button type="button" class="button danger" onClick={() => choose('delete')}>
            Delete
          </button>
        )}
        <button type="button" class="button" onClick={() => choose('warn')}>
          Warn
        </button>
        <button type="button" class="button danger" onClick={() => choose('suspend')}>
          Suspend
        </button>
      </div>
    </li>
  );
}

function what(item: ReportedItem): string {
  const kind = KINDS[item.itemKind].toLowerCase();
  return item.author ? `${item.author}'s ${kind}` : `this ${kind}`;
}

function ResolveDialog({
  action,
  item,
  onClose,
  onDone,
}: {
  action: Resolution;
  item: ReportedItem;
  onClose: () => void;
  onDone: (outcome: string) => void;
}) {
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [reason, setReason] = useState('');
  const target = { itemKind: item.itemKind, itemId: item.itemId };
  const author = item.author ?? 'the author';
  const settings = {
    dismiss: { title: `Dismiss the reports on ${what(item)}`, label: 'Dismiss', done: 'The reports are dismissed.' },
    hide: { title: `Hide ${what(item)}`, label: 'Hide', done: `${what(item)} is hidden.` },
    delete: { title: `Delete ${what(item)}`, label: 'Delete', done: `${what(item)} is deleted.` },
    warn: { title: `Warn ${author}`, label: 'Warn', done: `${author} is warned.` },
    suspend: { title: `Suspend ${author}`, label: 'Suspend', done: `${author} is suspended.` },
  }[action];
  return (
    <ActionDialog
      title={settings.title}
      submitLabel={settings.label}
      onClose={onClose}
      onDone={onDone}
      act={async (note) => {
        await moderationApi.resolve({
          ...target,
          action,
          note,
          ...(action === 'warn' && { message: message.trim() }),
          ...(action === 'suspend' && { days: forGood ? null : Number(days), reason: reason.trim() }),
        });
        // A deleted or hidden item leaves the pages, counts and lists that
        // showed it (an admin's and its author's keep it, marked hidden).
        if (action === 'delete' || action === 'hide') void refreshAfterWrite(client);
        return settings.done.charAt(0).toUpperCase() + settings.done.slice(1);
      }}
    >
      {action === 'hide' && (
        <p class="admin-dialog-text">Only its author and the moderators will see it, marked hidden, until it is shown again.</p>
      )}
      {action === 'delete' && <p class="admin-dialog-text">It is gone for good, with its votes and comments.</p>}
      {action === 'warn' && (
        <label>
          Message (shown to the member)
          <textarea name="message" rows={3} required maxLength={1000} value={message} onInput={(event) => setMessage(event.currentTarget.value)} />
        </label>
      )}
      {action === 'suspend' && (
        <SuspensionFields days={days} setDays={setDays} forGood={forGood} setForGood={setForGood} reason={reason} setReason={setReason} />
      )}
    </ActionDialog>
  );
}
