import { useState } from 'react';
import { adminApi, type SignupMode, type SignupSettings } from '../../api/admin';
import { ErrorNote, Loading } from '../../components/QueryState';
import { Saved, SubmitRow } from '../../components/SubmitRow';
import { useSave } from '../../lib/useFormFields';
import { useAdminSignup, useRefreshAdmin } from './adminQueries';
import { Invites } from './Invites';

const MODES: ReadonlyArray<readonly [SignupMode, string]> = [
  ['open', 'Open: anyone can join'],
  ['invite', 'Invite-only: joining needs an invite'],
  ['closed', 'Closed: nobody can join'],
];

/** Who may join, and the site's invites. */
export function SignupTab() {
  const settings = useAdminSignup();
  return (
    <div class="admin-tab">
      <section class="admin-section" aria-labelledby="admin-signup">
        <h2 id="admin-signup">Sign-up</h2>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <ErrorNote error={settings.error} />
        ) : (
          <SignupForm saved={settings.data} />
        )}
      </section>
      <section class="admin-section" aria-labelledby="admin-invites">
        <h2 id="admin-invites">Invites</h2>
        <Invites everyone headingId="admin-invites" />
      </section>
    </div>
  );
}

function SignupForm({ saved: current }: { saved: SignupSettings }) {
  const refresh = useRefreshAdmin();
  const [mode, setMode] = useState(current.mode);
  const [membersMayInvite, setMembersMayInvite] = useState(current.membersMayInvite);
  const [note, setNote] = useState('');
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const answer = await adminApi.setSignup(mode, membersMayInvite, note.trim());
    await refresh();
    setNote('');
    return `Saved: ${MODES.find(([value]) => value === answer.mode)?.[1] ?? answer.mode}.`;
  });
  return (
    <form class="form admin-signup" onSubmit={onSubmit}>
      <fieldset>
        <legend>Who may join</legend>
        {MODES.map(([value, label]) => (
          <label key={value} class="admin-check">
            <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <label class="admin-check">
        <input
          type="checkbox"
          name="membersMayInvite"
          checked={membersMayInvite}
          onChange={(event) => setMembersMayInvite(event.currentTarget.checked)}
        />
        Members may create invites
      </label>
      <label>
        Note (kept in the audit log)
        <input name="note" value={note} maxLength={500} onInput={(event) => setNote(event.currentTarget.value)} />
      </label>
      <SubmitRow pending={pending} error={error} label="Save" />
      <Saved message={saved} />
    </form>
  );
}
