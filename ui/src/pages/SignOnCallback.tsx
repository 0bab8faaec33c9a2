import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { authApi } from '../api/auth';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { AuthCard } from '../components/AuthCard';
import { Loading } from '../components/QueryState';

/** What the provider sent back, taken off the address bar at once (the code works once). */
function takeAnswer() {
  const query = new URLSearchParams(window.location.search);
  window.history.replaceState(window.history.state, '', window.location.pathname);
  return {
    code: query.get('code') ?? '',
    state: query.get('state') ?? '',
    error: query.get('error_description') ?? query.get('error') ?? '',
  };
}

/**
 * /sign-on/callback: where the provider sends the browser back. Its answer is
 * handed to the server, which signs in (or makes the account, or links the
 * provider to the signed-in account); then on to the home page or settings.
 */
export function SignOnCallback() {
  const [answer] = useState(takeAnswer);
  const { begin, replaceUser } = useAuth();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState(answer.error ? `The provider said: ${answer.error}` : '');
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current || answer.error) return;
    asked.current = true;
    if (!answer.code || !answer.state) {
      setFailure('This page opens when the sign-in provider sends you back, and its answer is missing here.');
      return;
    }
    authApi
      .finishSignOn(answer.code, answer.state)
      .then((done) => {
        if (done.token) {
          begin({ token: done.token, user: done.user });
          navigate('/');
        } else {
          replaceUser(done.user);
          navigate('/settings/account');
        }
      })
      .catch((error: unknown) => setFailure(error instanceof ApiError ? error.message : String(error)));
  }, [answer, begin, navigate, replaceUser]);

  return (
    <AuthCard screen="sign-on" title="Signing In">
      {failure ? (
        <>
          <p class="form-error" role="alert">
            {failure}
          </p>
          <p class="auth-switch">
            <Link href="/login">Back to log in</Link>
          </p>
        </>
      ) : (
        <Loading label="Signing you in…" />
      )}
    </AuthCard>
  );
}
