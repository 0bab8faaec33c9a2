import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter-preact';
import { accountApi } from '../../api/account';
import { useViewer } from '../../api/queries';
import type { SessionKind, SessionView } from '../../api/types';
import { underViewer } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';
import { refreshSessionsAndKeys } from './sessionQueries';

type KeyKind = Exclude<SessionKind, 'browser'>;
/** A long-lived key, as the sessions list gives it. */
type KeyView = SessionView & { kind: KeyKind };

/** What a long-lived key is called where the member made it. */
const KEY_NAMES: Record<KeyKind, string> = {
  'player-token': 'Music player token',
  'calendar-link': 'Calendar link',
};

/** Where the member is signed in, and the keys they gave other programs, with a way out of each and of all. */
export function SessionList() {
  const viewer = useViewer();
  const key = underViewer(['sessions'], viewer);
  // Asked afresh on every visit: other devices and programs use them from elsewhere.
  const sessions = useQuery({ queryKey: key, queryFn: ({ signal }) => accountApi.sessions(signal), staleTime: 0 });
  const client = useQueryClient();
  const { forgetSession } = useAuth();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

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
      await refreshSessionsAndKeys(client);
      // Its button is gone: the keyboard goes on from the list.
      heading.current?.focus();
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
  else {
    const signedIn = sessions.data.filter((session) => session.kind === 'browser');
    const keys = sessions.data.filter((session): session is KeyView => session.kind !== 'browser');
    list = (
      <>
        <ul class="session-list">
          {signedIn.map((session) => (
            <li key={session.sessionId} class="session">
              <div>
                <strong>{session.device}</strong>
                {session.current && <span class="session-current"> · this device</span>}
                <div class="session-detail">
                  {session.address} · signed in {longDate(session.createdAt)}
                  {session.lastUsedAt && ` · last used ${longDate(session.lastUsedAt)}`}
                </div>
              </div>
              {!session.current && (
                <button
                  type="button"
                  class="button"
                  disabled={pending}
                  aria-label={`Sign out ${session.device}${session.lastUsedAt ? `, last used ${longDate(session.lastUsedAt)}` : ''}`}
                  onClick={() => endOne(session.sessionId)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
        <h3 class="session-keys-title">Keys you gave other programs</h3>
        {keys.length === 0 ? (
          <p class="session-detail">
            None. A music player token and a calendar link, made below, are listed here, and end when you sign out everywhere or change
            your password.
          </p>
        ) : (
          <ul class="session-list" aria-label="Keys you gave other programs">
            {keys.map((session) => (
              <KeyRow key={session.sessionId} session={session} pending={pending} onRevoke={() => endOne(session.sessionId)} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <section class="account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions" ref={heading} tabIndex={-1}>
        Where you're signed in
      </h2>
      {list}
      <p class="session-detail">Signing out everywhere also revokes your player token and calendar link.</p>
      <div>
        <button type="button" class="button danger" disabled={pending} onClick={endAll}>
          Sign out everywhere
        </button>
      </div>
      <FormMessage message={error} />
    </section>
  );
}

/** A long-lived key: what it is, when it was made, and when and from where it was last used. */
function KeyRow({ session, pending, onRevoke }: { session: KeyView; pending: boolean; onRevoke: () => void }) {
  const name = KEY_NAMES[session.kind];
  const use = session.lastUsedAt ? `last used ${longDate(session.lastUsedAt)} by ${session.device} from ${session.address}` : 'not used yet';
  return (
    <li class="session">
      <div>
        <strong>{name}</strong>
        <div class="session-detail">
          made {longDate(session.createdAt)} · {use}
        </div>
      </div>
      <button type="button" class="button" disabled={pending} aria-label={`Revoke your ${name.toLowerCase()}`} onClick={onRevoke}>
        Revoke
      </button>
    </li>
  );
}
