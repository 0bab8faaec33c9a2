import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi, mailStatusKey } from '../../api/account';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { Saved, SubmitRow } from '../../components/SubmitRow';
import { useFormFields, useSave } from '../../lib/useFormFields';
import { refreshSessionsAndKeys } from './sessionQueries';

export function UsernameForm({ current }: { current: string }) {
  const { replaceUser } = useAuth();
  const client = useQueryClient();
  const { fields, bind } = useFormFields({ username: current });
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const me = await accountApi.changeUsername(fields.username);
    replaceUser(me);
    // Every list that names the member by name is out of date.
    await client.invalidateQueries();
    return `Your username is now ${me.username}. Links to your old name still lead to you.`;
  });
  return (
    <form class="form account-section" onSubmit={onSubmit} aria-labelledby="account-username">
      <h2 id="account-username">Username</h2>
      <label>
        Username
        <input {...bind('username')} autoComplete="username" required />
      </label>
      <SubmitRow pending={pending} error={error} label="Change username" />
      <Saved message={saved} />
    </form>
  );
}

export function EmailForm({ current }: { current: string }) {
  const { replaceUser } = useAuth();
  const { fields, bind } = useFormFields({ email: current, password: '' });
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const answer = await accountApi.changeEmail(fields.email, fields.password);
    if ('message' in answer) return answer.message;
    replaceUser(answer);
    return `Your email is now ${answer.email}.`;
  });
  return (
    <form class="form account-section" onSubmit={onSubmit} aria-labelledby="account-email">
      <h2 id="account-email">Email</h2>
      <label>
        Email
        <input {...bind('email')} type="email" autoComplete="email" required />
      </label>
      <label>
        Your password
        <input {...bind('password')} type="password" autoComplete="current-password" required />
      </label>
      <UndeliverableNote email={current} />
      <SubmitRow pending={pending} error={error} label="Change email" />
      <Saved message={saved} />
    </form>
  );
}

export function PasswordForm() {
  const client = useQueryClient();
  const { fields, bind } = useFormFields({ currentPassword: '', newPassword: '' });
  const { pending, error, saved, onSubmit } = useSave(async () => {
    await accountApi.changePassword(fields.currentPassword, fields.newPassword);
    await refreshSessionsAndKeys(client);
    return 'Your password is changed: you are signed out everywhere else, and your player token and calendar link are revoked.';
  });
  return (
    <form class="form account-section" onSubmit={onSubmit} aria-labelledby="account-password">
      <h2 id="account-password">Password</h2>
      <label>
        Current password
        <input {...bind('currentPassword')} type="password" autoComplete="current-password" required />
      </label>
      <label>
        New password
        <input {...bind('newPassword')} type="password" autoComplete="new-password" minLength={8} required />
      </label>
      <SubmitRow pending={pending} error={error} label="Change password" />
      <Saved message={saved} />
    </form>
  );
}

/** Says so when the mail server refused the member's address for good: the site sends nothing more there. */
function UndeliverableNote({ email }: { email: string }) {
  const viewer = useViewer();
  const status = useQuery({ queryKey: underViewer(mailStatusKey(email), viewer), queryFn: ({ signal }) => accountApi.mailStatus(signal) });
  const why = status.data?.sendsMail ? status.data.undeliverable : null;
  if (!why) return null;
  return (
    <p class="form-error" role="alert">
      Mail from this site cannot reach {email}: the mail server refused it ({why}). Nothing more is sent there; change your email to get mail again.
    </p>
  );
}
