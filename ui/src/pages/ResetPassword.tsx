import { useState } from 'react';
import { Link } from 'wouter-preact';
import { authApi } from '../api/auth';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { Saved } from '../components/SubmitRow';
import { useFormFields, useSave } from '../lib/useFormFields';
import { takeTokenFromAddress } from '../lib/linkToken';

/** Chooses a new password with a mailed link's token. */
export function ResetPassword() {
  const [token] = useState(takeTokenFromAddress);
  return (
    <AuthCard screen="reset-password" title="Choose a New Password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p class="auth-hint">
          This page opens from the link in a password reset mail, and that link is missing here.{' '}
          <Link href="/forgot-password">Ask for a new link</Link>.
        </p>
      )}
      <p class="auth-switch">
        <Link href="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const { fields, bind } = useFormFields({ newPassword: '', repeated: '' });
  const [done, setDone] = useState(false);
  const { pending, error, saved, onSubmit } = useSave(async () => {
    if (fields.newPassword !== fields.repeated) throw new Error('The two passwords differ: type the same one twice.');
    await authApi.resetPassword(token, fields.newPassword);
    setDone(true);
    return 'Your password is changed, and every device signed in to your account was signed out. Log in with the new one.';
  });
  if (done) return <Saved message={saved} />;
  return (
    <form class="auth-form" onSubmit={onSubmit} noValidate>
      <label>
        New password
        <input {...bind('newPassword')} type="password" autoComplete="new-password" required />
      </label>
      <label>
        The new password again
        <input {...bind('repeated')} type="password" autoComplete="new-password" required />
      </label>
      <button type="submit" class="primary" disabled={pending}>
        {pending ? 'Saving…' : 'Save the new password'}
      </button>
      <FormMessage message={error} />
      {error.includes('expired') && (
        <p class="auth-hint">
          <Link href="/forgot-password">Ask for a new link</Link>
        </p>
      )}
    </form>
  );
}
