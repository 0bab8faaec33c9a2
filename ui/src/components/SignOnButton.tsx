import { useState } from 'react';
import { authApi } from '../api/auth';
import { useSignInOptions } from '../api/signInOptions';
import { ApiError } from '../api/client';

/**
 * The household provider's button on the log-in and sign-up pages (nothing on
 * a site without one): it sends the browser to the provider, which sends it
 * back to /sign-on/callback.
 */
export function SignOnButton({ inviteCode = '', link = false }: { inviteCode?: string; link?: boolean }) {
  const options = useSignInOptions();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const provider = options.data?.singleSignOn;
  if (!provider) return null;
  const go = async () => {
    setPending(true);
    setError('');
    try {
      const { url } = await authApi.startSignOn({ inviteCode, link });
      window.location.assign(url);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      setPending(false);
    }
  };
  return (
    <div class="sign-on">
      <button type="button" class="primary sign-on-button" onClick={() => void go()} disabled={pending}>
        {pending ? 'Going to the provider…' : link ? `Link ${provider.label.replace(/^Sign in with /i, '')}` : provider.label}
      </button>
      {!provider.available && !error && (
        <p class="auth-hint">The sign-in provider did not answer the site lately; it may be down.</p>
      )}
      {error && (
        <p class="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
