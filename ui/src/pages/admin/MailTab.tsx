import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { when } from './AuditTab';

const KINDS: Record<string, string> = {
  'password-reset': 'Password reset link',
  'password-changed': 'Password changed',
  test: 'Test',
  'confirm-sign-up': 'Sign-up link',
  'already-a-member': 'Sign-up with a registered address',
  'confirm-email': 'Email change link',
  'email-changing': 'Email changing',
  invite: 'Invite',
  replies: 'Comment',
  mentions: 'Mention',
  'new-releases': 'New release',
  digest: 'Weekly digest',
};

const STATES: Record<string, string> = { waiting: 'Waiting', sent: 'Sent', 'given-up': 'Given up' };

/** Whether the site sends mail, and the outbox's newest mails with the mail server's answers. */
export function MailTab() {
  const viewer = useViewer();
  const mail = useQuery({
    queryKey: underViewer(['admin', 'mail'], viewer),
    queryFn: ({ signal }) => adminApi.mail(signal),
    refetchInterval: 10_000,
  });
  if (mail.isPending) return <Loading label="Loading the outbox…" />;
  if (mail.isError) return <ErrorNote error={mail.error} />;
  const { sendsMail, outbox } = mail.data;
  return (
    <div class="admin-tab">
      <p class="admin-detail">
        {sendsMail
          ? 'Mail goes out through the mail server set with --smtp-url; check it with halfstar email test ADDRESS.'
          : 'No mail server is set (--smtp-url), so the site sends no mail: members who forget their password ask you to reset it.'}
      </p>
      {outbox.length === 0 ? (
        <Empty>No mail yet.</Empty>
      ) : (
        <div class="admin-tasks-scroll" tabIndex={0} role="region" aria-label="The newest mails">
          <table class="admin-tasks admin-mail">
            <thead>
              <tr>
                <th scope="col">Made</th>
                <th scope="col">To</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
                <th scope="col">The mail server's answer</th>
              </tr>
            </thead>
            <tbody>
              {outbox.map((entry) => (
                <tr key={entry.mailId}>
                  <td>{when(entry.createdAt)}</td>
                  <td>{entry.to}</td>
                  <td>{KINDS[entry.kind] ?? entry.kind}</td>
                  <td>
                    {STATES[entry.state] ?? entry.state}
                    {entry.tries > 1 && ` after ${entry.tries} tries`}
                    {entry.state === 'waiting' && entry.tries > 0 && `, next at ${when(entry.nextTryAt)}`}
                  </td>
                  <td>{entry.answer || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
