import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter-preact';
import { diaryApi, localToday, useMyListens, type EntryFields } from '../api/diary';
import type { Album, DiaryEntry } from '../api/types';
import { refreshAfterWrite } from '../api/viewerCache';
import { useAuth } from '../auth/AuthContext';
import { useMyAlbumEntries } from '../pages/album/useMyAlbumEntries';
import { FormMessage } from './AuthCard';
import { Dialog } from './Dialog';
import { HalfStarRating } from './HalfStarRating';
import { Icon } from './icons';
import { LoginPrompt } from './LoginPrompt';
import { SentPanel } from './SubmitRow';
import { useWriteRefusal } from './SuspendedBanner';

export type LoggableAlbum = Pick<Album, 'albumId' | 'title' | 'artist'>;

const MOST_NOTE_CHARS = 500;

/**
 * "Log a listen": a button that opens the diary form for the album, or for a
 * visitor the log-in prompt. `tile` is the small icon in a tile's corner,
 * `action` one of the album page's cover actions, `queue` a button of the
 * "Listened, not yet rated" queue. The dialog is put on the page's body so
 * clicks in it don't reach the tile.
 */
export function LogListenButton({ album, variant }: { album: LoggableAlbum; variant: 'tile' | 'action' | 'queue' }) {
  const { user } = useAuth();
  const refused = useWriteRefusal();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const dialog = !open
    ? null
    : user
      ? <LogListenDialog album={album} onClose={close} />
      : <LoginPrompt reason="to keep a listening diary." onClose={close} />;
  const show = (event: Event) => {
    event.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      {variant === 'tile' ? (
        <button
          type="button"
          class="tile-list-button tile-log-button"
          aria-label={`Log a listen of ${album.title}`}
          title="Log a listen"
          aria-haspopup="dialog"
          disabled={refused != null}
          onClick={show}
        >
          <Icon name="headphones" />
        </button>
      ) : (
        <button
          type="button"
          class={variant === 'action' ? 'album-action' : 'button'}
          aria-haspopup="dialog"
          aria-label={variant === 'queue' ? `Log a listen of ${album.title}` : undefined}
          onClick={show}
        >
          Log a Listen
        </button>
      )}
      {dialog && createPortal(dialog, document.body)}
    </>
  );
}

/**
 * The diary form: the day (today by default), the rating then (the
 * member's present rating to start with), a note, and whether it was a
 * re-listen (ticked when they logged the album before). A new entry's
 * rating also becomes the member's rating of the album.
 */
export function LogListenDialog({ album, onClose }: { album: LoggableAlbum; onClose: () => void }) {
  const { user } = useAuth();
  const { ratingRow, known } = useMyAlbumEntries(album.albumId);
  const listens = useMyListens(album.albumId);
  // The form starts from the member's rating and listens: both are read first.
  if (listens.isPending || !known) {
    return (
      <Dialog title="Log a listen" onClose={onClose}>
        <p aria-busy="true">Loading…</p>
      </Dialog>
    );
  }
  const start: EntryFields = {
    listenedOn: localToday(),
    rating: ratingRow?.number ?? null,
    note: '',
    relisten: (listens.data?.count ?? 0) > 0,
  };
  return (
    <Dialog title="Log a listen" onClose={onClose}>
      <EntryForm
        album={album}
        start={start}
        save={(fields) => diaryApi.log(album.albumId, fields)}
        saved={
          <>
            Logged in <Link href={`/user/${encodeURIComponent(user?.username ?? '')}/diary`}>your diary</Link>.
          </>
        }
        ratingNote="A rating here also becomes your rating of the album."
        onClose={onClose}
      />
    </Dialog>
  );
}

/** Changing or removing one of the member's own entries, from their diary. */
export function EditEntryDialog({ entry, onClose }: { entry: DiaryEntry; onClose: () => void }) {
  const client = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState('');
  const remove = async () => {
    setRemoving(true);
    setError('');
    try {
      await diaryApi.remove(entry.entryId);
      await refreshAfterWrite(client);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setRemoving(false);
    }
  };
  return (
    <Dialog title="Change this listen" onClose={onClose}>
      <EntryForm
        album={entry.album}
        start={{ listenedOn: entry.listenedOn, rating: entry.rating, note: entry.note, relisten: entry.relisten }}
        save={(fields) => diaryApi.change(entry.entryId, fields)}
        saved="Saved."
        ratingNote="Changing it here leaves your rating of the album as it is."
        onClose={onClose}
      />
      <div class="dialog-actions">
        <button type="button" class="button danger" onClick={() => void remove()} disabled={removing}>
          Remove from diary
        </button>
      </div>
      <FormMessage message={error} />
    </Dialog>
  );
}

function EntryForm({
  album,
  start,
  save,
  saved,
  ratingNote,
  onClose,
}: {
  album: LoggableAlbum;
  start: EntryFields;
  save: (fields: EntryFields) => Promise<DiaryEntry>;
  saved: preact.ComponentChildren;
  ratingNote: string;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [fields, setFields] = useState(start);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const set = (change: Partial<EntryFields>) => setFields((now) => ({ ...now, ...change }));

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!fields.listenedOn) {
      setError('Choose the day you listened.');
      return;
    }
    setPending(true);
    setError('');
    try {
      await save({ ...fields, note: fields.note.trim() });
      setDone(true);
      void refreshAfterWrite(client);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  if (done) {
    return (
      <>
        <p class="add-to-list-album">
          {album.title} <span class="add-to-list-artist">by {album.artist}</span>
        </p>
        <SentPanel message={saved} onClose={onClose} />
      </>
    );
  }
  return (
    <form class="form log-listen-form" onSubmit={(event) => void submit(event)}>
      <p class="add-to-list-album">
        {album.title} <span class="add-to-list-artist">by {album.artist}</span>
      </p>
      <label>
        Listened on
        <input
          type="date"
          name="listenedOn"
          required
          min="1900-01-01"
          max={localToday(new Date(Date.now() + 24 * 3600 * 1000))}
          value={fields.listenedOn}
          onInput={(event) => set({ listenedOn: event.currentTarget.value })}
        />
      </label>
      <div class="log-listen-rating">
        <span class="log-listen-label">Your rating then</span>
        <div class="log-listen-stars">
          <HalfStarRating value={fields.rating} onChange={(rating) => set({ rating })} label="Your rating then" />
          {fields.rating != null && (
            <button type="button" class="link-button" onClick={() => set({ rating: null })}>
              No rating
            </button>
          )}
        </div>
        <p class="field-hint">{ratingNote}</p>
      </div>
      <label>
        Note (optional)
        <textarea
          class="log-listen-note"
          name="note"
          rows={3}
          maxLength={MOST_NOTE_CHARS}
          value={fields.note}
          onInput={(event) => set({ note: event.currentTarget.value })}
        />
      </label>
      <p class="field-hint" aria-live="polite">
        {fields.note.length} / {MOST_NOTE_CHARS}
      </p>
      <label class="log-listen-check">
        <input type="checkbox" name="relisten" checked={fields.relisten} onChange={(event) => set({ relisten: event.currentTarget.checked })} />
        A re-listen
      </label>
      <div>
        <button type="submit" class="button primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save to diary'}
        </button>
      </div>
      <FormMessage message={error} />
    </form>
  );
}
