import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter-preact';
import type { ListEntry, ListPage } from '../../api/lists';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { Icon } from '../../components/icons';
import { Empty } from '../../components/QueryState';
import { average, ratingsCount, releaseDate, userRating } from '../../lib/format';
import { artistPath } from '../../lib/paths';
import { shiftWhileDragging } from './order';
import { useDragReorder, type Drag } from './useDragReorder';
import { useEntryChanges } from './useEntryChanges';

type Direction = 'up' | 'down';

/**
 * The list's albums in order: cover, title, artist, year, average, the
 * viewer's own rating, the author's note, and the number when the list is
 * ranked. In edit mode the author drags a row by its handle or moves it
 * with Move up / Move down, edits its note (saved on leaving the box or on
 * Enter) and removes it; each change is saved as it is made.
 */
export function ListEntries({ page, editing }: { page: ListPage; editing: boolean }) {
  const { list, entries } = page;
  const changes = useEntryChanges(list.listId);
  const listRef = useRef<HTMLOListElement>(null);
  const [said, setSaid] = useState('');
  // Where keyboard focus goes once a move is on screen: the moved row's same button.
  const refocus = useRef<{ entryId: number; direction: Direction } | null>(null);

  const moveTo = (entry: ListEntry, position: number) => {
    const title = entry.album.title;
    const to = Math.min(Math.max(position, 1), entries.length);
    if (to === entry.position) return;
    setSaid(`${title} moved to ${to} of ${entries.length}.`);
    void changes.move(entry.entryId, title, to);
  };
  const { drag, start } = useDragReorder(listRef, (entryId, to) => {
    const entry = entries.find((candidate) => candidate.entryId === entryId);
    if (entry) moveTo(entry, to + 1);
  });

  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !listRef.current) return;
    refocus.current = null;
    const row = listRef.current.querySelector(`[data-entry-id="${wanted.entryId}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction === 'up' ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  }, [entries]);

  const step = (entry: ListEntry, direction: Direction) => {
    refocus.current = { entryId: entry.entryId, direction };
    moveTo(entry, entry.position + (direction === 'up' ? -1 : 1));
  };

  if (entries.length === 0) {
    return (
      <section class="list-entries" aria-label="Albums">
        <Empty>
          No albums on this list yet.
          {page.canEdit && ' Add some with "Add to list" on an album’s page or tile.'}
        </Empty>
      </section>
    );
  }

  const Tag = list.ranked ? 'ol' : 'ul';
  return (
    <section class="list-entries" aria-label="Albums">
      {changes.error && (
        <div class="error-note list-error" role="alert">
          <p>{changes.error}</p>
          <button type="button" class="link-button" onClick={changes.dismissError}>
            Dismiss
          </button>
        </div>
      )}
      <p class="visually-hidden" aria-live="polite">
        {said}
      </p>
      <Tag ref={listRef} class={['list-entry-rows', editing && 'editing', drag && 'dragging'].filter(Boolean).join(' ')}>
        {entries.map((entry, index) => (
          <EntryRow
            key={entry.entryId}
            entry={entry}
            index={index}
            count={entries.length}
            ranked={list.ranked}
            editing={editing}
            drag={drag}
            onGrab={(event) => start(event, index, entry.entryId)}
            onStep={(direction) => step(entry, direction)}
            onNote={(note) => changes.note(entry.entryId, entry.album.title, note)}
            onRemove={() => {
              setSaid(`${entry.album.title} removed.`);
              void changes.remove(entry.entryId, entry.album.title);
            }}
          />
        ))}
      </Tag>
    </section>
  );
}

function EntryRow({
  entry,
  index,
  count,
  ranked,
  editing,
  drag,
  onGrab,
  onStep,
  onNote,
  onRemove,
}: {
  entry: ListEntry;
  index: number;
  count: number;
  ranked: boolean;
  editing: boolean;
  drag: Drag | null;
  onGrab: (event: PointerEvent) => void;
  onStep: (direction: Direction) => void;
  onNote: (note: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const { user } = useAuth();
  const { album } = entry;
  const dragged = drag?.from === index;
  const offset = drag ? (dragged ? drag.dy : shiftWhileDragging(index, drag.from, drag.to, drag.room)) : 0;
  return (
    <li
      class={dragged ? 'list-entry is-dragged' : 'list-entry'}
      data-entry-id={entry.entryId}
      style={offset ? { transform: `translateY(${offset}px)` } : undefined}
    >
      {editing && (
        <span class="list-drag-handle" title={`Drag to move ${album.title}`} aria-hidden="true" onPointerDown={onGrab}>
          <Icon name="grip" />
        </span>
      )}
      {ranked && (
        <span class="list-entry-position">{entry.position}</span>
      )}
      <Link href={albumPath(album)} class="list-entry-cover" tabIndex={-1} aria-hidden="true">
        <Cover src={album.pictureUrl} name={album.title} alt="" sizes="(max-width: 600px) 64px, 96px" />
      </Link>
      <div class="list-entry-body">
        <Link href={albumPath(album)} class="list-entry-title">
          {album.title}
        </Link>
        <span class="list-entry-artist">
          <Link href={artistPath(album.artistSlug)}>{album.artist}</Link> ·{' '}
          <span title={releaseDate(album)}>{album.releaseYear}</span>
        </span>
        <span class="list-entry-ratings">
          <span class="list-entry-average" title="Average rating">
            {average(album.averageRating, album.numberOfRatings)}{' '}
            {album.numberOfRatings > 0 && <small>{ratingsCount(album.numberOfRatings)}</small>}
          </span>
          {user && (
            <span class="tile-user-rating" title="Your rating">
              <span class="tile-rating-whose">You:</span> {userRating(album.userRating)}
            </span>
          )}
        </span>
        {editing ? (
          <NoteEditor entry={entry} onSave={onNote} />
        ) : (
          entry.note && <p class="list-entry-note">{entry.note}</p>
        )}
      </div>
      {editing && (
        <div class="list-entry-controls" role="group" aria-label={`Arrange ${album.title}`}>
          <button
            type="button"
            class="button list-move"
            data-move="up"
            aria-label={`Move ${album.title} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => onStep('up')}
          >
            ↑
          </button>
          <button
            type="button"
            class="button list-move"
            data-move="down"
            aria-label={`Move ${album.title} down`}
            title="Move down"
            disabled={index === count - 1}
            onClick={() => onStep('down')}
          >
            ↓
          </button>
          <button type="button" class="button danger list-remove" aria-label={`Remove ${album.title}`} title="Remove from the list" onClick={onRemove}>
            <Icon name="trash" />
          </button>
        </div>
      )}
    </li>
  );
}

/** The note's box in edit mode: saved when it loses focus or on Enter (Shift+Enter starts a new line). */
function NoteEditor({ entry, onSave }: { entry: ListEntry; onSave: (note: string) => Promise<boolean> }) {
  const [text, setText] = useState(entry.note);
  const [state, setState] = useState<'' | 'saving' | 'saved'>('');
  const focused = useRef(false);
  const saved = useRef(entry.note);

  // The server's copy wins while the member is not typing in the box (a refused save is undone).
  useEffect(() => {
    saved.current = entry.note;
    if (!focused.current) setText(entry.note);
  }, [entry.note]);

  // The box's own value: a key or blur right after typing can come before the re-render.
  const save = async (value: string) => {
    const note = value.trim();
    if (note === saved.current) return;
    saved.current = note;
    setState('saving');
    const ok = await onSave(note);
    setState(ok ? 'saved' : '');
    if (!ok && !focused.current) setText(entry.note);
  };

  return (
    <div class="list-note-editor">
      <textarea
        rows={2}
        maxLength={1000}
        aria-label={`Note on ${entry.album.title}`}
        placeholder="Add a note"
        value={text}
        onFocus={() => {
          focused.current = true;
          setState('');
        }}
        onInput={(event) => setText(event.currentTarget.value)}
        onBlur={(event) => {
          focused.current = false;
          void save(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            void save(event.currentTarget.value);
          }
        }}
      />
      <span class="list-note-state" role="status">
        {state === 'saving' ? 'Saving…' : state === 'saved' ? 'Note saved' : ''}
      </span>
    </div>
  );
}
