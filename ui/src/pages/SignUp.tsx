import { Link, useLocation } from 'wouter-preact';
import type { SignupMode } from '../api/admin';
import { useAuth } from '../auth/AuthContext';
import { useSignInOptions } from '../api/signInOptions';
import { SignOnButton } from '../components/SignOnButton';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { PictureAddressField } from '../components/PictureAddressField';
import { ErrorNote, Loading } from '../components/QueryState';
import { useState } from 'react';
import { Saved } from '../components/SubmitRow';
import { useFormFields, useSubmit } from '../lib/useFormFields';
import { useQueryParams } from '../lib/routeParam';
import { useSignupMode } from './admin/adminQueries';

const MODE_TEXT: Record<SignupMode, string> = {
  open: 'Anyone can join.',
  invite: 'Joining needs an invite: paste the code from your invite link.',
  closed: 'Sign-up is closed on this site: ask its admin.',
};

export function SignUp() {
  const settings = useSignupMode();
  let body;
  if (settings.isPending) body = <Loading />;
  else if (settings.isError) body = <ErrorNote error={settings.error} />;
  else if (settings.data.mode === 'closed') body = <p class="auth-hint">{MODE_TEXT.closed}</p>;
  else body = <SignUpForm mode={settings.data.mode} />;
  return (
    <AuthCard screen="sign-up" title="Sign Up">
      {body}
      <p class="auth-switch">
        Already have an account? <Link href="/login">Log in</Link>
      </p>
    </AuthCard>
  );
}

function SignUpForm({ mode }: { mode: Exclude<SignupMode, 'closed'> }) {
  const needsInvite = mode === 'invite';
  const { signUp } = useAuth();
  const [, navigate] = useLocation();
  const invite = useQueryParams().get('invite') ?? '';
  const { fields, bind } = useFormFields({ username: '', email: '', password: '', profilePictureUrl: '', inviteCode: invite });
  const [mailed, setMailed] = useState('');
  const { pending, error, onSubmit } = useSubmit(
    async () => {
      const { inviteCode, ...account } = fields;
      const done = await signUp(needsInvite ? { ...account, inviteCode: inviteCode.trim() } : account);
      if ('mailed' in done) setMailed(done.mailed);
      else navigate('/');
    },
    (message) => `Couldn't create your account: ${message}`,
  );
  const options = useSignInOptions();
  if (mailed) return <Saved message={mailed} />;
  if (options.data && options.data.passwordLogin !== 'on') {
    return (
      <>
        <SignOnButton inviteCode={invite} />
        <p class="auth-hint">Accounts here are made by signing in through the site's provider.</p>
      </>
    );
  }

  return (
    <>
      <SignOnButton inviteCode={invite} />
      <form class="auth-form" onSubmit={onSubmit} noValidate>
      <p class="auth-hint">{MODE_TEXT[mode]}</p>
      {needsInvite && (
        <label>
          Invite code
          <input {...bind('inviteCode')} autoComplete="off" autoCapitalize="none" spellcheck={false} required />
        </label>
      )}
      <label>
        Username
        <input {...bind('username')} autoComplete="username" autoCapitalize="none" spellcheck={false} required />
      </label>
      <label>
        Email
        <input {...bind('email')} type="email" autoComplete="email" required />
      </label>
      <label>
        Password
        <input {...bind('password')} type="password" autoComplete="new-password" minLength={8} required />
      </label>
      <PictureAddressField label="Profile Picture URL" bound={bind('profilePictureUrl')} autoComplete="photo" after="you sign up" />
      <button type="submit" class="primary" disabled={pending}>
        {pending ? 'Signing Up…' : 'Sign Up'}
      </button>
      <FormMessage message={error} />
    </form>
    </>
  );
}
