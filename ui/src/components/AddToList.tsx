import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter-preact';
import { listPath, listsApi, VISIBILITY_LABELS, type ListSummary, type MyList } from '../api/lists';
import { useMyLists } from '../api/listQueries';
import type { Album } from '../api/types';
import { refreshAfterWrite } from '../api/viewerCache';
import { useAuth } from '../auth/AuthContext';
import { FormMessage } from './AuthCard';
import { Dialog } from './Dialog';
import { Icon } from './icons';
import { albumCount } from './ListCard';
import { LoginPrompt } from './LoginPrompt';
import { Empty, ErrorNote, Loading } from './QueryState';

export type ListableAlbum = Pick<Album, 'albumId' | 'title' | 'artist'>;

/**
 * "Add to list": a button that opens the chooser of the member's lists, or
 * for a visitor the log-in prompt. `variant` 'tile' is the small icon
 * button in an album tile's corner; 'action' is one of the album page's
 * cover actions. The dialog is put on the page's body, so clicks in it
 * don't reach the tile (which opens its album on any click).
 */
export function AddToListButton({ album, variant }: { album: ListableAlbum; variant: 'tile' | 'action' }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const dialog = !open
    ? null
    : user
      ? <AddToListDialog album={album} onClose={close} />
      : <LoginPrompt reason="to make lists of albums." onClose={close} />;
  return (
    <>
      {variant === 'tile' ? (
        <button
          type="button"
          class="tile-list-button"
          aria-label={`Add ${album.title} to a list`}
          title="Add to list"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.stopPropagation();
            setOpen(true);
          }}
        >
          <Icon name="list-add" />
        </button>
      ) : (
        <button type="button" class="album-action" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Add to List
        </button>
      )}
      {dialog && createPortal(dialog, document.body)}
    </>
  );
}

type Outcome = { kind: 'added'; list: Pick<ListSummary, 'listId' | 'slug' | 'title'> } | { kind: 'failed'; message: string } | null;

/**
 * The member's lists, newest first, each marked when it holds the album
 * already; choosing one adds the album at its end. "New list" makes one
 * with just a title and adds the album to it. Refusals (a full list, say)
 * stay in the dialog.
 */
export function AddToListDialog({ album, onClose }: { album: ListableAlbum; onClose: () => void }) {
  const client = useQueryClient();
  const mine = useMyLists(album.albumId);
  const [pending, setPending] = useState<number | 'new' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [title, setTitle] = useState('');

  const run = async (which: number | 'new', add: () => Promise<Pick<ListSummary, 'listId' | 'slug' | 'title'>>) => {
    if (pending != null) return;
    setPending(which);
    setOutcome(null);
    try {
      const list = await add();
      setOutcome({ kind: 'added', list });
      if (which === 'new') setTitle('');
    } catch (failure) {
      setOutcome({ kind: 'failed', message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setPending(null);
      // Whatever happened, the chooser, the album's "On N lists", the
      // profile's lists and the lists' pages are asked again.
      void refreshAfterWrite(client);
    }
  };

  const addTo = (list: MyList) =>
    run(list.listId, async () => {
      await listsApi.addEntry(list.listId, album.albumId);
      return list;
    });

  const createAndAdd = (event: Event) => {
    event.preventDefault();
    const name = title.trim();
    if (!name) {
      setOutcome({ kind: 'failed', message: 'Give the new list a title.' });
      return;
    }
    void run('new', async () => {
      const list = await listsApi.create({ title: name });
      await listsApi.addEntry(list.listId, album.albumId);
      return list;
    });
  };

  return (
    <Dialog title="Add to list" onClose={onClose}>
      <p class="add-to-list-album">
        {album.title} <span class="add-to-list-artist">by {album.artist}</span>
      </p>
      {mine.isPending && <Loading label="Loading your lists…" />}
      {mine.isError && <ErrorNote error={mine.error} />}
      {mine.data?.length === 0 && <Empty>You have no lists yet: start one below.</Empty>}
      {mine.data && mine.data.length > 0 && (
        <ul class="add-to-list-choices" aria-label="Your lists">
          {mine.data.map((list) => (
            <li key={list.listId}>
              <button
                type="button"
                class={list.containsAlbum ? 'add-to-list-choice holds' : 'add-to-list-choice'}
                disabled={list.containsAlbum || pending != null}
                aria-busy={pending === list.listId}
                onClick={() => void addTo(list)}
              >
                <span class="add-to-list-check" aria-hidden="true">
                  {list.containsAlbum ? '✓' : '+'}
                </span>
                <span class="add-to-list-name">{list.title}</span>{' '}
                <span class="add-to-list-meta">
                  {list.containsAlbum ? 'On this list · ' : ''}
                  {albumCount(list.entryCount)} · {VISIBILITY_LABELS[list.visibility]}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="form add-to-list-new" onSubmit={createAndAdd}>
        <label>
          New list
          <input
            name="title"
            value={title}
            maxLength={120}
            placeholder="Title"
            autoComplete="off"
            onInput={(event) => setTitle(event.currentTarget.value)}
          />
        </label>
        <div>
          <button type="submit" class="button primary" disabled={pending != null}>
            Create and add
          </button>
        </div>
      </form>
      {outcome?.kind === 'added' && (
        <p class="form-success" role="status">
          Added to{' '}
          <Link href={listPath(outcome.list)} onClick={onClose}>
            {outcome.list.title}
          </Link>
          .
        </p>
      )}
      {outcome?.kind === 'failed' && <FormMessage message={outcome.message} />}
    </Dialog>
  );
}
