import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter-preact';
import { accountApi } from '../../api/account';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';

/** Where the member is signed in, with a way out of each and of all. */
export function SessionList() {
  const viewer = useViewer();
  const key = underViewer(['sessions'], viewer);
  const sessions = useQuery({ queryKey: key, queryFn: ({ signal }) => accountApi.sessions(signal) });
  const client = useQueryClient();
  const { forgetSession } = useAuth();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  const endOne = (sessionId: string) =>
    run(async () => {
      await accountApi.endSession(sessionId);
      await client.invalidateQueries({ queryKey: key });
    });
  const endAll = () =>
    run(async () => {
      await accountApi.endEverySession();
      forgetSession();
      navigate('/login');
    });

  let list;
  if (sessions.isPending) list = <Loading label="Loading your sessions..." />;
  else if (sessions.isError) list = <ErrorNote error={sessions.error} />;
  else
    list = (
      <ul class="session-list">
        {sessions.data.map((session) => (
          <li key={session.sessionId} class="session">
            <div>
              <strong>{session.device}</strong>
              {session.current && <span class="session-current"> · this device</span>}
              <div class="session-detail">
                {session.address} · signed in {longDate(session.createdAt)} · last used {longDate(session.lastUsedAt)}
              </div>
            </div>
            {!session.current && (
              <button
                type="button"
                class="button"
                disabled={pending}
                aria-label={`Sign out ${session.device}, last used ${longDate(session.lastUsedAt)}`}
                onClick={() => endOne(session.sessionId)}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <section class="account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">Where you're signed in</h2>
      {list}
      <div>
        <button type="button" class="button danger" disabled={pending} onClick={endAll}>
          Sign out everywhere
        </button>
      </div>
      <FormMessage message={error} />
    </section>
  );
}
