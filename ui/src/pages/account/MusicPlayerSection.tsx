import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter-preact';
import { playersApi } from '../../api/players';
import { useViewer } from '../../api/queries';
import type { NewPlayerToken } from '../../api/types';
import { underViewer } from '../../api/viewerCache';
import { FormMessage } from '../../components/AuthCard';
import { ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';

/** The player token a member's music players and scrobblers send, and where to send it. */
export function MusicPlayerSection() {
  const viewer = useViewer();
  const key = underViewer(['player-token'], viewer);
  // Players use the token from elsewhere: its last use is asked for on every visit.
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => playersApi.token(signal), staleTime: 0 });
  const client = useQueryClient();
  const [made, setMade] = useState<NewPlayerToken | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const section = useRef<HTMLElement>(null);
  // The import page's link to this section lands here.
  useEffect(() => {
    if (window.location.hash === '#account-player') section.current?.scrollIntoView({ block: 'start' });
  }, []);

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError('');
    try {
      await action();
      await client.invalidateQueries({ queryKey: key });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  const make = () => run(async () => setMade(await playersApi.makeToken()));
  const revoke = () =>
    run(async () => {
      await playersApi.revokeToken();
      setMade(null);
    });

  let state;
  if (status.isPending) state = <Loading label="Loading your player token..." />;
  else if (status.isError) state = <ErrorNote error={status.error} />;
  else if (!status.data.token) state = <p>You have no player token yet.</p>;
  else {
    const { createdAt, lastUsedAt } = status.data.token;
    state = (
      <p class="session-detail">
        Your token was made {longDate(createdAt)} · {lastUsedAt ? `last used ${longDate(lastUsedAt)}` : 'not used yet'}
      </p>
    );
  }
  const hasToken = Boolean(status.data?.token);
  return (
    <section ref={section} class="account-section" aria-labelledby="account-player">
      <h2 id="account-player">Music player</h2>
      <p>
        Navidrome, Jellyfin, multi-scrobbler and phone scrobblers can send what you play to halfstar, as they would to ListenBrainz. Plays of
        albums you have not rated wait in your "Listened, not yet rated" queue; plays of albums halfstar lacks are listed on{' '}
        <Link href="/settings/import">the import page</Link>.
      </p>
      <dl class="player-settings">
        <dt>ListenBrainz server address</dt>
        <dd>
          <code>{origin}/apis/listenbrainz/1/</code>
        </dd>
        <dt>For clients that ask only for a host</dt>
        <dd>
          <code>{origin}</code>
        </dd>
      </dl>
      {state}
      {made && <NewToken token={made.token} />}
      <div class="player-actions">
        <button type="button" class="button" disabled={pending || status.isPending} onClick={make}>
          {hasToken ? 'Make a new token' : 'Make a player token'}
        </button>
        {hasToken && (
          <button type="button" class="button danger" disabled={pending} onClick={revoke}>
            Revoke token
          </button>
        )}
      </div>
      <FormMessage message={error} />
    </section>
  );
}

/** The token, shown this once, with a way to copy it where there is a clipboard. */
function NewToken({ token }: { token: string }) {
  const [copied, setCopied] = useState('');
  // Without a secure context (plain http on a LAN address) there is no clipboard: the token is there to select.
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copy = async () => {
    try {
      await clipboard!.writeText(token);
      setCopied('Copied.');
    } catch {
      setCopied('Could not copy: select the token instead.');
    }
  };
  return (
    <div class="player-token" role="status">
      <p>
        Your player token: paste it into your player now, as it is shown only this once. A player using an older token stops being
        accepted.
      </p>
      <code data-testid="player-token">{token}</code>
      {clipboard && (
        <button type="button" class="button" onClick={copy}>
          Copy token
        </button>
      )}
      {copied && <span class="session-detail">{copied}</span>}
    </div>
  );
}
