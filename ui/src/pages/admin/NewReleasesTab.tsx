import { useState } from 'react';
import { Link } from 'wouter-preact';
import { adminApi } from '../../api/admin';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Saved, SubmitRow } from '../../components/SubmitRow';
import { useSave } from '../../lib/useFormFields';
import { useRefreshAdmin, useReleaseChecks } from './adminQueries';
import { when } from './AuditTab';

/** The server's own check for new releases: whether it runs, an artist checked now, and the latest checks. */
export function NewReleasesTab() {
  const checks = useReleaseChecks();
  if (checks.isPending) return <Loading label="Loading the checks…" />;
  if (checks.isError) return <ErrorNote error={checks.error} />;
  const { checking, artistsToCheck, checks: latest } = checks.data;
  return (
    <div class="admin-tab">
      <section class="admin-section" aria-labelledby="admin-new-releases">
        <h2 id="admin-new-releases">New releases</h2>
        <p>
          {checking
            ? `The server asks MusicBrainz about each of the ${artistsToCheck} artists it knows by id about once a day, followed artists first.`
            : `The server's own check is off (serve --new-releases false): albums arrive only from imports and the checks made here. ${artistsToCheck} artists could be checked.`}
        </p>
        <CheckNow />
      </section>
      <section class="admin-section" aria-labelledby="admin-latest-checks">
        <h2 id="admin-latest-checks">Latest checks</h2>
        {latest.length === 0 ? (
          <Empty>No artist has been checked yet.</Empty>
        ) : (
          <ol class="audit-log" aria-label="Latest checks">
            {latest.map((check) => (
              <li key={check.artistId} class="audit-entry">
                <time class="admin-detail" dateTime={check.checkedAt}>
                  {when(check.checkedAt)}
                </time>
                <p>
                  <Link href={`/artists/${check.artistSlug}`}>{check.artist}</Link>
                  {check.added === 0 ? ': nothing new' : `: ${check.added} ${check.added === 1 ? 'album' : 'albums'} added`}
                </p>
                {check.trouble && <p class="audit-note">Trouble: {check.trouble}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** Asks MusicBrainz about one artist now, however lately they were asked. */
function CheckNow() {
  const refresh = useRefreshAdmin();
  const [artist, setArtist] = useState('');
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const done = await adminApi.checkNow(artist.trim());
    await refresh();
    const added = done.added.length ? `Added ${done.added.join(', ')}.` : 'Nothing new.';
    return done.trouble ? `${added} Trouble: ${done.trouble}` : added;
  });
  return (
    <form class="form" onSubmit={onSubmit}>
      <label>
        Check an artist now
        <input type="text" value={artist} required maxLength={200} onInput={(event) => setArtist(event.currentTarget.value)} />
      </label>
      <SubmitRow pending={pending} error={error} label={pending ? 'Asking MusicBrainz…' : 'Check now'} />
      <Saved message={saved} />
    </form>
  );
}
