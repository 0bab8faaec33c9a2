import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter-preact';
import { accountApi } from '../api/account';
import { AuthCard, FormMessage } from '../components/AuthCard';
import { ErrorNote, Loading } from '../components/QueryState';
import { Saved } from '../components/SubmitRow';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useSave } from '../lib/useFormFields';

/**
 * /unsubscribe/:token: a mail's unsubscribe link. Opening it only asks (a mail
 * scanner opening it changes nothing); the button turns that kind of mail off,
 * without signing in.
 */
export function Unsubscribe({ params }: { params: Record<string, string | undefined> }) {
  const token = params.token ?? '';
  useDocumentTitle('Unsubscribe');
  const asked = useQuery({
    queryKey: ['mail-subscription', token],
    queryFn: ({ signal }) => accountApi.mailSubscription(token, signal),
    retry: false,
  });
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const done = await accountApi.unsubscribe(token);
    return `Done: ${done.username} will no longer get ${done.what}.`;
  });
  return (
    <AuthCard screen="unsubscribe" title="Unsubscribe">
      {asked.isPending ? (
        <Loading />
      ) : asked.isError ? (
        <ErrorNote error={asked.error} />
      ) : saved ? (
        <Saved message={saved} />
      ) : !asked.data.subscribed ? (
        <p class="auth-hint">
          {asked.data.username} no longer gets {asked.data.what}: nothing more to do.
        </p>
      ) : (
        <form class="auth-form" onSubmit={onSubmit}>
          <p class="auth-hint">
            Stop sending {asked.data.what} to {asked.data.username}?
          </p>
          <button type="submit" class="primary" disabled={pending}>
            {pending ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
          <FormMessage message={error} />
        </form>
      )}
      <p class="auth-switch">
        Choose which mail you get in <Link href="/settings/account">your account settings</Link>.
      </p>
    </AuthCard>
  );
}
