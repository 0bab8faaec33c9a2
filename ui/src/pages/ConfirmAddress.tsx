import { useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { authApi } from '../api/auth';
import { useAuth } from '../auth/AuthContext';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { Saved } from '../components/SubmitRow';
import { takeTokenFromAddress } from '../lib/linkToken';
import { useSave, useSubmit } from '../lib/useFormFields';

function MissingLink({ what }: { what: string }) {
  return (
    <p class="auth-hint">
      This page opens from the link in the mail {what}, and that link is missing here.
    </p>
  );
}

/** /confirm-sign-up: the mailed link of a sign-up; its button makes the account and signs in. */
export function ConfirmSignUp() {
  const [token] = useState(takeTokenFromAddress);
  const { begin } = useAuth();
  const [, navigate] = useLocation();
  const { pending, error, onSubmit } = useSubmit(
    async () => {
      begin(await authApi.confirmSignUp(token));
      navigate('/');
    },
    (message) => `Couldn't finish signing up: ${message}`,
  );
  return (
    <AuthCard screen="confirm-sign-up" title="Finish Signing Up">
      {token ? (
        <form class="auth-form" onSubmit={onSubmit}>
          <p class="auth-hint">Your address is confirmed by this link: one click makes your account.</p>
          <button type="submit" class="primary" disabled={pending}>
            {pending ? 'Signing Up…' : 'Finish signing up'}
          </button>
          <FormMessage message={error} />
          {error.includes('expired') && (
            <p class="auth-hint">
              <Link href="/sign-up">Sign up again</Link>
            </p>
          )}
        </form>
      ) : (
        <MissingLink what="that finishes a sign-up" />
      )}
    </AuthCard>
  );
}

/** /confirm-email: the mailed link of an email change; its button makes the address the member's. */
export function ConfirmEmail() {
  const [token] = useState(takeTokenFromAddress);
  const { user, replaceUser } = useAuth();
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const me = await authApi.confirmEmail(token);
    if (user?.userId === me.userId) replaceUser(me);
    return `Your email is now ${me.email}.`;
  });
  return (
    <AuthCard screen="confirm-email" title="Confirm Your Email">
      {!token ? (
        <MissingLink what="that confirms a new email" />
      ) : saved ? (
        <Saved message={saved} />
      ) : (
        <form class="auth-form" onSubmit={onSubmit}>
          <p class="auth-hint">One click makes this address your account's email.</p>
          <button type="submit" class="primary" disabled={pending}>
            {pending ? 'Confirming…' : 'Confirm this address'}
          </button>
          <FormMessage message={error} />
        </form>
      )}
      <p class="auth-switch">
        <Link href="/">Home</Link>
      </p>
    </AuthCard>
  );
}
