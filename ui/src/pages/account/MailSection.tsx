import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi, mailStatusKey } from '../../api/account';
import { useViewer } from '../../api/queries';
import type { components } from '../../api/schema';
import { underViewer } from '../../api/viewerCache';
import { ErrorNote, Loading } from '../../components/QueryState';

type MailChoices = components['schemas']['MailChoices'];

const MAIL_KINDS: ReadonlyArray<readonly [keyof MailChoices, string]> = [
  ['replies', 'Comments on my reviews, posts and lists, and replies where I commented'],
  ['mentions', 'Mentions of @me'],
  ['newReleases', 'New albums by artists I follow'],
  ['digest', 'Once a week, a digest of the notifications I have not read'],
];

/** Which notification mail the member gets, each kind saved as it is changed; hidden on a site that sends no mail. */
export function MailSection({ email }: { email: string }) {
  const viewer = useViewer();
  const key = underViewer(mailStatusKey(email), viewer);
  // Asked afresh each time: a mail's own link may have turned a kind off meanwhile.
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => accountApi.mailStatus(signal), staleTime: 0 });
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  if (status.isPending) return <Loading />;
  if (status.isError) return <ErrorNote error={status.error} />;
  if (!status.data.sendsMail) return null;
  const shown = status.data;

  const save = async (kind: keyof MailChoices, on: boolean) => {
    client.setQueryData(key, { ...shown, mailed: { ...shown.mailed, [kind]: on } });
    setSaving(true);
    setError(null);
    try {
      client.setQueryData(key, await accountApi.chooseMail({ [kind]: on }));
    } catch (failure) {
      client.setQueryData(key, shown);
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section class="account-section" aria-labelledby="account-mail">
      <h2 id="account-mail">Mail</h2>
      <fieldset class="switch-group">
        <legend>Email me about</legend>
        {MAIL_KINDS.map(([kind, label]) => (
          <label key={kind} class="switch-row">
            <input
              type="checkbox"
              checked={shown.mailed[kind]}
              onChange={(event) => void save(kind, (event.target as HTMLInputElement).checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p class="muted" aria-live="polite">
        {saving ? 'Saving…' : `Mail goes to ${email}; each one has a link that turns its kind off.`}
      </p>
      {error != null && <ErrorNote error={error} />}
    </section>
  );
}
