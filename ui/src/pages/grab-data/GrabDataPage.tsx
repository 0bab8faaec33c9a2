import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import {
  importApi,
  type AlbumPreview,
  type ArtistPreview,
  type BatchResult,
  type Candidate,
  type LeftOut,
  type Skipped,
  type SourceTrouble,
} from '../../api/imports';
import { knownDate, releaseDate } from '../../lib/format';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { Cover } from '../../components/Cover';
import { Loading } from '../../components/QueryState';
import './grab-data.css';
import { LoginInvitation } from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useQueryParams } from '../../lib/routeParam';
import { plural } from '../../lib/words';

type Busy = null | 'artist' | 'albums' | 'write';

interface Outcome {
  kind: 'done' | 'error';
  text: string;
  skipped?: Skipped[];
}

function summary(action: string, result: BatchResult): Outcome {
  const text = `${action}: ${result.added.length} added, ${result.updated.length} updated, ${result.unchanged.length} unchanged, ${result.skipped.length} skipped.`;
  return { kind: 'done', text, skipped: result.skipped };
}

/**
 * /grab-data: an editor looks an artist up at MusicBrainz (with Last.fm and
 * Discogs behind it, on the server), previews the artist and their albums,
 * then adds or updates them. `?name=Artist` fills the artist in.
 */
export function GrabDataPage() {
  const { user } = useAuth();
  const editor = editsCatalogue(user);
  useDocumentTitle('Import Data');
  return (
    <section class="grab-data-page" data-screen="grab-data">
      <h1>Import Data</h1>
      {!user ? (
        <LoginInvitation reason="to import data." />
      ) : !editor ? (
        <p class="empty">This page needs the editor role. An admin can give it with 'halfstar user promote'.</p>
      ) : (
        <Importer />
      )}
    </section>
  );
}

function Importer() {
  const client = useQueryClient();
  const inputId = useUniqueId();
  // `?name=`: an artist to look up, from the rating import's missing albums.
  const asked = useQueryParams().get('name') ?? '';
  const [name, setName] = useState(asked);
  const [mbid, setMbid] = useState<string | undefined>();
  const [artist, setArtist] = useState<ArtistPreview | null>(null);
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [albums, setAlbums] = useState<AlbumPreview[]>([]);
  const [skipped, setSkipped] = useState<LeftOut[]>([]);
  const [troubles, setTroubles] = useState<SourceTrouble[]>([]);
  const [incomplete, setIncomplete] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<Outcome | null>) => {
    setBusy(kind);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (failure) {
      setOutcome({ kind: 'error', text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(null);
    }
  };

  const needName = () => {
    if (name.trim() !== '') return false;
    setOutcome({ kind: 'error', text: 'Type an artist name first.' });
    return true;
  };

  const getArtist = (chosen = mbid) => {
    if (needName()) return;
    void run('artist', async () => {
      const found = await importApi.artist(name.trim(), chosen);
      setArtist(found.artist);
      setCandidates(found.candidates);
      setTroubles(found.troubles);
      return found.artist ? null : { kind: 'done', text: 'Several artists have that name: choose one.' };
    });
  };

  const getAlbums = () => {
    if (needName()) return;
    void run('albums', async () => {
      const found = await importApi.albums(name.trim(), mbid);
      setCandidates(found.candidates);
      if (found.artist) setArtist(found.artist);
      setAlbums(found.albums);
      setSkipped(found.skipped);
      setTroubles(found.troubles);
      setIncomplete(found.incomplete);
      if (!found.artist) return { kind: 'done', text: 'Several artists have that name: choose one.' };
      const text = `${plural(found.albums.length, 'album')} found, ${found.skipped.length} left out.`;
      if (!found.incomplete) return { kind: 'done', text };
      return { kind: 'done', text: `${text} MusicBrainz stopped answering part of the way: Get Albums again for the rest.` };
    });
  };

  const addArtist = () => {
    if (!artist) return setOutcome({ kind: 'error', text: 'Get the artist first.' });
    // As the spec's import tool does: an artist goes in with a description, or not at all.
    if (!artist.description.trim()) {
      return setOutcome({ kind: 'error', text: `${artist.name} has no description to add with; add the artist by hand.` });
    }
    void run('write', async () => {
      await importApi.addArtist(artist);
      await refreshAfterWrite(client);
      return { kind: 'done', text: `${artist.name} added.` };
    });
  };

  const write = (action: string, call: (albums: AlbumPreview[]) => Promise<BatchResult>) => {
    if (albums.length === 0) return setOutcome({ kind: 'error', text: 'Get the albums first.' });
    void run('write', async () => {
      const result = await call(albums);
      await refreshAfterWrite(client);
      return summary(action, result);
    });
  };

  const clear = () => {
    setName('');
    setMbid(undefined);
    setArtist(null);
    setCandidates([]);
    setAlbums([]);
    setSkipped([]);
    setTroubles([]);
    setIncomplete(false);
    setOutcome(null);
  };

  const choose = (candidate: Candidate) => {
    setMbid(candidate.mbid);
    getArtist(candidate.mbid);
  };

  return (
    <>
      <form
        class="form grab-data-form"
        onSubmit={(event) => {
          event.preventDefault();
          getArtist();
        }}
      >
        <label for={inputId}>Artist</label>
        <input
          id={inputId}
          value={name}
          autoComplete="off"
          placeholder="Radiohead"
          onInput={(event) => {
            setName((event.currentTarget as HTMLInputElement).value);
            setMbid(undefined);
          }}
        />
        <div class="grab-data-buttons">
          <button type="submit" class="button primary" disabled={busy != null}>
            Get Artist
          </button>
          <button type="button" class="button" disabled={busy != null} onClick={addArtist}>
            Add Artist
          </button>
          <button type="button" class="button" disabled={busy != null} onClick={getAlbums}>
            Get Albums
          </button>
          <button type="button" class="button" disabled={busy != null} onClick={clear}>
            Clear
          </button>
          <button type="button" class="button" disabled={busy != null} onClick={() => write('Add Albums', importApi.addAlbums)}>
            Add Albums
          </button>
          <button
            type="button"
            class="button"
            disabled={busy != null}
            onClick={() => write('Update Artist Albums', importApi.updateAlbums)}
          >
            Update Artist Albums
          </button>
          <button
            type="button"
            class="button"
            disabled={busy != null}
            onClick={() => write('Update Album Pictures', importApi.updatePictures)}
          >
            Update Album Pictures
          </button>
        </div>
      </form>

      {busy === 'artist' && <Loading label="Looking the artist up…" />}
      {busy === 'albums' && <Loading label="Looking the albums up (MusicBrainz takes a second a page)…" />}
      {busy === 'write' && <Loading label="Saving…" />}
      {outcome && (
        <div class={outcome.kind === 'error' ? 'form-error grab-data-outcome' : 'grab-data-outcome'} role="status">
          <p>{outcome.text}</p>
          {outcome.skipped && outcome.skipped.length > 0 && <SkippedList items={outcome.skipped} />}
        </div>
      )}

      {candidates.length > 0 && (
        <section class="grab-data-section" aria-label="Candidates">
          <h2>Which artist?</h2>
          <ul class="grab-data-candidates">
            {candidates.map((candidate) => (
              <li key={candidate.mbid}>
                <button type="button" class="button grab-data-candidate" onClick={() => choose(candidate)}>
                  <strong>{candidate.name}</strong>
                  <span>{candidateDetails(candidate)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {artist && (
        <section class="grab-data-section grab-data-artist" aria-label="Artist">
          <h2>{artist.name}</h2>
          <p>{artist.description || 'No description found.'}</p>
          <p class="grab-data-id">MusicBrainz id {artist.mbid}</p>
        </section>
      )}

      {albums.length > 0 && (
        <section class="grab-data-section" aria-label="Albums">
          <h2>{plural(albums.length, 'Album')}</h2>
          <ul class="grab-data-albums">
            {albums.map((album) => (
              <li key={album.mbReleaseGroup} class="grab-data-album">
                {/* Not the archive's picture: a browser here asks no host but the site,
                    and the site fetches a cover only once it is saved. */}
                <Cover src="" name={album.title} alt="" sizes="96px" />
                <div>
                  <strong>{album.title}</strong>
                  <time dateTime={knownDate(album)}>{releaseDate(album)}</time>
                  <span class="grab-data-genres">{album.genres || 'No genres'}</span>
                  {album.pictureUrl && <span class="grab-data-genres">Front cover found: fetched by the site after saving.</span>}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {troubles.length > 0 && (
        <section class="grab-data-section" aria-label="What the sources could not give">
          <h2>What the sources could not give</h2>
          <ul class="grab-data-troubles">
            {troubles.map((trouble) => (
              <li key={`${trouble.source}-${trouble.what}`}>
                <strong>{trouble.source}</strong>: {trouble.what}, for {trouble.asked.join('; ')}
                {trouble.notAsked.length > 0 && ` (then not asked for ${trouble.notAsked.join('; ')})`}. {capitalized(trouble.cost)}.
              </li>
            ))}
          </ul>
        </section>
      )}
      {incomplete && <p class="form-error">Some release groups are missing: MusicBrainz stopped answering part of the way.</p>}
      {skipped.length > 0 && (
        <section class="grab-data-section" aria-label="Left out">
          <h2>Left out</h2>
          <SkippedList items={skipped} />
        </section>
      )}
    </>
  );
}

/** "1960s UK psychedelic band · Group · GB · 1967– · score 100": what tells namesakes apart. */
function candidateDetails(candidate: Candidate): string {
  return [
    candidate.disambiguation,
    candidate.artistType,
    candidate.country,
    candidate.activeYears,
    `score ${candidate.score}`,
  ]
    .filter((part) => part)
    .join(' · ');
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function SkippedList({ items }: { items: (Skipped | LeftOut)[] }) {
  return (
    <ul class="grab-data-skipped">
      {items.map((item, index) => (
        <li key={`${item.title}-${index}`}>
          <strong>{item.title}</strong>: {item.reason}
        </li>
      ))}
    </ul>
  );
}
