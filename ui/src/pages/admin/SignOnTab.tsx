import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { ErrorNote, Loading } from '../../components/QueryState';

const PASSWORD_LOGIN: Record<string, string> = {
  on: 'Everyone may also log in with a password.',
  admins: 'Only admins may log in with a password (--password-login admins).',
  off: 'Nobody logs in with a password (--password-login off); start the server with --password-login on to get back in without the provider.',
};

/** Whether the site signs in through the household's provider, whether it answers, and what to register there. */
export function SignOnTab() {
  const viewer = useViewer();
  const status = useQuery({
    queryKey: underViewer(['admin', 'sign-on'], viewer),
    queryFn: ({ signal }) => adminApi.signOn(signal),
    refetchInterval: 30_000,
  });
  if (status.isPending) return <Loading label="Asking about sign-on…" />;
  if (status.isError) return <ErrorNote error={status.error} />;
  const { configured, issuer, available, problem, redirectUri, passwordLogin } = status.data;
  return (
    <div class="admin-tab">
      {!configured ? (
        <p class="admin-detail">
          No OpenID Connect provider is set (--oidc-issuer): members log in with their passwords. See the book's Sign-on page for Authelia, Authentik and
          Keycloak.
        </p>
      ) : (
        <dl class="admin-facts">
          <dt>Provider</dt>
          <dd>{issuer}</dd>
          <dt>State</dt>
          <dd>{available ? 'Answering: its discovery document and keys were read.' : `Not answering: ${problem ?? 'not asked yet'}`}</dd>
          <dt>Redirect URI to register</dt>
          <dd>
            <code>{redirectUri}</code>
          </dd>
        </dl>
      )}
      <p class="admin-detail">{PASSWORD_LOGIN[passwordLogin] ?? passwordLogin}</p>
    </div>
  );
}
