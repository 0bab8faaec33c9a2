import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { genreVotesApi, useGenreVotes, votesLine } from '../../api/genreVotes';
import { useGenres } from '../../api/queries';
import type { Album, GenreVote, GenreVotes } from '../../api/types';
import { refreshAfterWrite } from '../../api/viewerCache';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { LoginPrompt } from '../../components/LoginPrompt';
import { useWriteRefusal } from '../../components/SuspendedBanner';

const MOST_GENRES = 6;
const MOST_PRIMARY = 3;

/** Under the album's genres: where they come from, and the way to vote them. */
export function GenreVoting({ album }: { album: Album }) {
  const { user } = useAuth();
  const refused = useWriteRefusal();
  const votes = useGenreVotes(album.albumId);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div class="genre-voting">
      {votes.data && <p class="album-muted genre-votes-line">{votesLine(votes.data)}</p>}
      <button type="button" class="link-button" aria-haspopup="dialog" disabled={refused != null} onClick={() => setOpen(true)}>
        Vote genres
      </button>
      {open &&
        createPortal(
          user ? <GenreVoteDialog album={album} onClose={close} canLock={editsCatalogue(user)} /> : <LoginPrompt reason="to vote an album's genres." onClose={close} />,
          document.body,
        )}
    </div>
  );
}

function GenreVoteDialog({ album, onClose, canLock }: { album: Album; onClose: () => void; canLock: boolean }) {
  const votes = useGenreVotes(album.albumId);
  return (
    <Dialog title="Vote genres" onClose={onClose} wide>
      {votes.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : votes.isError ? (
        <FormMessage message={votes.error.message} />
      ) : (
        <Ballot album={album} votes={votes.data} canLock={canLock} />
      )}
    </Dialog>
  );
}

function Ballot({ album, votes, canLock }: { album: Album; votes: GenreVotes; canLock: boolean }) {
  const client = useQueryClient();
  const genres = useGenres();
  const [mine, setMine] = useState<GenreVote[]>(votes.mine);
  const [adding, setAdding] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [now, setNow] = useState(votes);
  const primaries = mine.filter((vote) => vote.primary).length;
  const chosen = new Set(mine.map((vote) => vote.genre.toLowerCase()));
  const choices = (genres.data ?? []).filter((genre) => !chosen.has(genre.name.toLowerCase()));

  const act = async (write: () => Promise<GenreVotes>) => {
    setPending(true);
    setError('');
    try {
      const answer = await write();
      setNow(answer);
      setMine(answer.mine);
      await refreshAfterWrite(client);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };
  const add = () => {
    if (!adding) return;
    setMine([...mine, { genre: adding, primary: primaries < MOST_PRIMARY }]);
    setAdding('');
  };

  return (
    <div class="genre-ballot">
      <p class="add-to-list-album">
        {album.title} <span class="add-to-list-artist">by {album.artist}</span>
      </p>
      <p class="field-hint">{votesLine(now)}</p>
      {now.tally.length > 0 && (
        <table class="genre-tally">
          <caption>Members' votes</caption>
          <thead>
            <tr>
              <th scope="col">Genre</th>
              <th scope="col">Primary</th>
              <th scope="col">Secondary</th>
            </tr>
          </thead>
          <tbody>
            {now.tally.map((row) => (
              <tr key={row.genre}>
                <th scope="row">{row.genre}</th>
                <td>{row.primary}</td>
                <td>{row.secondary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        class="form"
        onSubmit={(event) => {
          event.preventDefault();
          void act(() => genreVotesApi.vote(album.albumId, mine));
        }}
      >
        <fieldset>
          <legend>Your vote</legend>
          {mine.length === 0 && <p class="album-muted">You have not named any genre.</p>}
          <ul class="genre-ballot-list">
            {mine.map((vote, at) => (
              <li key={vote.genre}>
                <span class="genre-ballot-name">{vote.genre}</span>
                <select
                  aria-label={`How ${vote.genre} fits`}
                  value={vote.primary ? 'primary' : 'secondary'}
                  onChange={(event) =>
                    setMine(mine.map((other, i) => (i === at ? { ...other, primary: event.currentTarget.value === 'primary' } : other)))
                  }
                >
                  <option value="primary" disabled={!vote.primary && primaries >= MOST_PRIMARY}>
                    Primary
                  </option>
                  <option value="secondary">Secondary</option>
                </select>
                <button type="button" class="link-button" aria-label={`Take ${vote.genre} out`} onClick={() => setMine(mine.filter((_, i) => i !== at))}>
                  Take out
                </button>
              </li>
            ))}
          </ul>
          {mine.length < MOST_GENRES && (
            <div class="genre-ballot-add">
              <label>
                Add a genre
                <select value={adding} onChange={(event) => setAdding(event.currentTarget.value)}>
                  <option value="">Choose a genre…</option>
                  {choices.map((genre) => (
                    <option key={genre.slug} value={genre.name}>
                      {genre.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" class="button" disabled={!adding} onClick={add}>
                Add
              </button>
            </div>
          )}
          <p class="field-hint">
            Up to {MOST_GENRES} genres, {MOST_PRIMARY} of them primary. Your vote counts once {now.enoughVoters} members have voted.
          </p>
        </fieldset>
        <div class="dialog-actions">
          <button type="submit" class="button primary" disabled={pending}>
            Save my vote
          </button>
          {canLock && (
            <button type="button" class="button" disabled={pending} onClick={() => void act(() => genreVotesApi.lock(album.albumId, !now.locked))}>
              {now.locked ? 'Unlock genres' : 'Lock genres'}
            </button>
          )}
        </div>
        <FormMessage message={error} />
        {!pending && !error && now !== votes && (
          <p role="status" class="field-hint">
            Saved. The album's genres: {now.genres.join(', ') || 'none'}.
          </p>
        )}
      </form>
    </div>
  );
}
