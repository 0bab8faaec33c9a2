import { useState } from 'react';
import { moderationApi, type ItemKind, type ReportReason } from '../api/moderation';
import { useAuth } from '../auth/AuthContext';
import { useSave } from '../lib/useFormFields';
import { Dialog } from './Dialog';
import { SentPanel, SubmitRow } from './SubmitRow';

const REASONS: ReadonlyArray<readonly [ReportReason, string]> = [
  ['spam', 'Spam'],
  ['abuse', 'Abuse'],
  ['off-topic', 'Off-topic'],
  ['other', 'Other'],
];

const NOUNS: Record<ItemKind, string> = {
  review: 'review',
  comment: 'comment',
  post: 'post',
  shout: 'shout',
  list: 'list',
  profile: 'profile',
};

/**
 * "Report" on something a member wrote (or their profile), for signed-in
 * members other than its author: a visitor has nothing to report with, and
 * the server refuses one's own item anyway.
 */
export function ReportButton({ kind, id, authorId }: { kind: ItemKind; id: number; authorId: number }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user || user.userId === authorId) return null;
  const noun = NOUNS[kind];
  return (
    <>
      <button type="button" class="link-button report-button" aria-label={`Report ${noun}`} onClick={() => setOpen(true)}>
        Report
      </button>
      {open && <ReportDialog kind={kind} id={id} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ReportDialog({ kind, id, onClose }: { kind: ItemKind; id: number; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const { pending, error, saved, onSubmit } = useSave(async () => {
    await moderationApi.report(kind, id, reason, note.trim());
    return 'Thanks: an admin will look at it.';
  });
  return (
    <Dialog title={`Report this ${NOUNS[kind]}`} onClose={onClose}>
      {saved ? (
        <SentPanel message={saved} onClose={onClose} />
      ) : (
        <form class="form" onSubmit={onSubmit}>
          <fieldset class="report-reasons">
            <legend>Reason</legend>
            {REASONS.map(([value, label]) => (
              <label key={value} class="report-reason">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <label>
            Note (optional)
            <textarea name="note" rows={3} maxLength={1000} value={note} onInput={(event) => setNote(event.currentTarget.value)} />
          </label>
          <SubmitRow pending={pending} error={error} label="Send" />
        </form>
      )}
    </Dialog>
  );
}
