import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { ErrorNote, Loading } from '../../components/QueryState';
import { SignOnButton } from '../../components/SignOnButton';

/** The household provider's identities linked to the account, and a way to link one; hidden on a site without a provider. */
export function SignOnSection() {
  const key = underViewer(['sign-on-settings'], useViewer());
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => authApi.signOnSettings(signal), staleTime: 0 });
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <ErrorNote error={settings.error} />;
  const { providerLabel, identities } = settings.data;
  if (!providerLabel && identities.length === 0) return null;

  const unlink = async (issuer: string, subject: string) => {
    setError(null);
    try {
      await authApi.unlinkSignOn(issuer, subject);
      await client.invalidateQueries({ queryKey: key });
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section class="account-section" aria-labelledby="account-sign-on">
      <h2 id="account-sign-on">Single sign-on</h2>
      {identities.length === 0 ? (
        <p class="muted">No provider account is linked: link one to sign in with it.</p>
      ) : (
        <ul class="session-list" aria-label="Linked provider accounts">
          {identities.map((identity) => (
            <li key={`${identity.issuer} ${identity.subject}`}>
              <span>
                {identity.email || identity.subject} at {identity.issuer}
                <span class="muted"> · last signed in {identity.lastSignInAt.slice(0, 10)}</span>
              </span>
              <button type="button" onClick={() => void unlink(identity.issuer, identity.subject)}>
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      {providerLabel && identities.length === 0 && <SignOnButton link />}
      {error != null && <ErrorNote error={error} />}
    </section>
  );
}
