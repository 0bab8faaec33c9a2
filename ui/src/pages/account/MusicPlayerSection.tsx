import { useEffect, useRef } from 'react';
import { Link } from 'wouter-preact';
import { playersApi } from '../../api/players';
import { FormMessage } from '../../components/AuthCard';
import { ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';
import { ShownOnce } from './ShownOnce';
import { useMemberToken } from './useMemberToken';

/** The player token a member's music players and scrobblers send, and where to send it. */
export function MusicPlayerSection() {
  const { status, made, pending, error, make, revoke } = useMemberToken({
    key: 'player-token',
    status: playersApi.token,
    make: playersApi.makeToken,
    revoke: playersApi.revokeToken,
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const section = useRef<HTMLElement>(null);
  // The import page's link to this section lands here.
  useEffect(() => {
    if (window.location.hash === '#account-player') section.current?.scrollIntoView({ block: 'start' });
  }, []);

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
      {made && (
        <ShownOnce secret={made.token} what="token" testId="player-token">
          Your player token: paste it into your player now, as it is shown only this once. A player using an older token stops being
          accepted.
        </ShownOnce>
      )}
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
