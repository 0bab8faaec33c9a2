import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { catalogueApi } from '../../api/catalogue';
import { useViewer } from '../../api/queries';
import type { Album, Track, Tracklist } from '../../api/types';
import { refreshAfterWrite, underViewer } from '../../api/viewerCache';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { ErrorNote, Loading } from '../../components/QueryState';
import { SubmitRow } from '../../components/SubmitRow';
import { plural } from '../../lib/words';
import { formatLength, parseTracklist, tracklistText } from './tracklistText';

const STEPS = Array.from({ length: 20 }, (_, i) => (i + 1) / 2);

/** The Tracks tab: the tracklist with each track's average, the member's own rating of it, the total length and the best tracks. */
export function TrackList({ album, askLogin }: { album: Album; askLogin: (reason: string) => void }) {
  const { user } = useAuth();
  const key = underViewer(['album-tracks', album.albumId], useViewer());
  // Asked for each time the tab opens: others' ratings move the averages (a small indexed read).
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => catalogueApi.tracks(album.albumId, signal), staleTime: 0 });
  const [editing, setEditing] = useState(false);
  const canEdit = editsCatalogue(user);

  if (list.isPending) return <Loading label="Loading the tracklist..." />;
  if (list.isError) return <ErrorNote error={list.error} />;
  const { tracks } = list.data;
  const editButton = canEdit && (
    <button type="button" class="button" onClick={() => setEditing(true)}>
      {tracks.length ? 'Edit tracklist' : 'Add the tracklist'}
    </button>
  );
  return (
    <div class="track-panel">
      {tracks.length === 0 ? (
        <p class="tracks-empty">No tracklist yet{canEdit ? '.' : ': an editor can add it.'}</p>
      ) : (
        <Tracks album={album} list={list.data} queryKey={key} askLogin={askLogin} signedIn={user != null} />
      )}
      {editButton}
      {editing && <TracklistEditor album={album} tracks={tracks} onClose={() => setEditing(false)} />}
    </div>
  );
}

function Tracks({
  album,
  list,
  queryKey,
  askLogin,
  signedIn,
}: {
  album: Album;
  list: Tracklist;
  queryKey: readonly unknown[];
  askLogin: (reason: string) => void;
  signedIn: boolean;
}) {
  const discs = [...new Set(list.tracks.map((track) => track.disc))];
  const best = list.tracks.filter((track) => list.bestTrackIds.includes(track.trackId));
  best.sort((a, b) => list.bestTrackIds.indexOf(a.trackId) - list.bestTrackIds.indexOf(b.trackId));
  const total = formatLength(list.totalLengthMs);
  return (
    <>
      <p class="tracks-summary">
        {plural(list.tracks.length, 'track')}
        {list.totalLengthMs > 0 && ` · ${list.everyLengthKnown ? '' : 'at least '}${total}`}
      </p>
      {best.length > 0 && (
        <p class="tracks-best">
          Best tracks: {best.map((track) => track.title).join(', ')}
        </p>
      )}
      {discs.map((disc) => (
        <section key={disc} aria-label={discs.length > 1 ? `Disc ${disc}` : `Tracks of ${album.title}`}>
          {discs.length > 1 && <h3 class="tracks-disc">Disc {disc}</h3>}
          <ol class="tracks">
            {list.tracks
              .filter((track) => track.disc === disc)
              .map((track) => (
                <TrackRow
                  key={track.trackId}
                  track={track}
                  best={list.bestTrackIds.includes(track.trackId)}
                  queryKey={queryKey}
                  askLogin={askLogin}
                  signedIn={signedIn}
                />
              ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function TrackRow({
  track,
  best,
  queryKey,
  askLogin,
  signedIn,
}: {
  track: Track;
  best: boolean;
  queryKey: readonly unknown[];
  askLogin: (reason: string) => void;
  signedIn: boolean;
}) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const change = async (value: string) => {
    if (!signedIn) {
      askLogin('to rate tracks.');
      return;
    }
    setPending(true);
    setError('');
    try {
      if (value === '') await catalogueApi.unrateTrack(track.trackId);
      else await catalogueApi.rateTrack(track.trackId, Number(value));
      await client.invalidateQueries({ queryKey });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  const average = track.averageRating == null ? 'not rated' : `${track.averageRating.toFixed(1)} (${track.numberOfRatings})`;
  return (
    <li class={best ? 'track best' : 'track'}>
      <span class="track-number" aria-hidden="true">
        {track.position}
      </span>
      <span class="track-title">
        {track.title}
        {best && <span class="track-best-mark"> · best</span>}
      </span>
      <span class="track-length">{track.lengthMs == null ? '' : formatLength(track.lengthMs)}</span>
      <span class="track-average" aria-label={`Average ${average}`}>
        {average}
      </span>
      <select
        class="track-rating"
        aria-label={`Your rating of ${track.title}`}
        value={track.userRating == null ? '' : String(track.userRating)}
        disabled={pending}
        onMouseDown={(event) => {
          if (!signedIn) {
            event.preventDefault();
            askLogin('to rate tracks.');
          }
        }}
        onChange={(event) => void change((event.target as HTMLSelectElement).value)}
      >
        <option value="">Rate</option>
        {STEPS.map((step) => (
          <option key={step} value={String(step)}>
            {step.toFixed(1)}
          </option>
        ))}
      </select>
      {error && <FormMessage message={error} />}
    </li>
  );
}

/** An editor types the tracklist: one track a line, its length after the title, "Disc 2" where a disc begins. */
function TracklistEditor({ album, tracks, onClose }: { album: Album; tracks: Track[]; onClose: () => void }) {
  const client = useQueryClient();
  const [text, setText] = useState(() => tracklistText(tracks));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const parsed = parseTracklist(text, tracks);
  // A place no longer listed takes its ratings with it: said before saving.
  const losing = tracks.filter(
    (track) => track.numberOfRatings > 0 && !parsed.some((kept) => kept.disc === track.disc && kept.position === track.position),
  );
  const save = async (event: Event) => {
    event.preventDefault();
    setPending(true);
    setError('');
    try {
      await catalogueApi.setTracks(album.albumId, parsed);
      await refreshAfterWrite(client);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  };
  return (
    <Dialog title={`Tracklist of ${album.title}`} onClose={onClose} wide>
      <form class="tracklist-editor" onSubmit={save}>
        <label for="tracklist-text">One track a line, its length after the title ("Airbag 4:44"); "Disc 2" where a disc begins.</label>
        <textarea
          id="tracklist-text"
          rows={14}
          value={text}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
        />
        <p class="import-explain" aria-live="polite">
          {plural(parsed.length, 'track')}
          {parsed.some((track) => track.lengthMs != null) &&
            ` · ${formatLength(parsed.reduce((sum, track) => sum + (track.lengthMs ?? 0), 0))}`}
          {tracks.length > 0 && ' · a track keeping its place keeps its ratings'}
        </p>
        {losing.length > 0 && (
          <p class="tracklist-warning" role="alert">
            {plural(losing.length, 'rated track')} will lose {losing.length === 1 ? 'its' : 'their'} ratings:{' '}
            {losing.map((track) => track.title).join(', ')}.
          </p>
        )}
        <SubmitRow pending={pending} error={error} label="Save tracklist" />
      </form>
    </Dialog>
  );
}
