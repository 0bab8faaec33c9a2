import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { listsApi, type ListPage } from '../../api/lists';
import { useListPageKey } from '../../api/listQueries';
import { useCatalogueSearch } from '../../api/queries';
import { refreshAfterWrite } from '../../api/viewerCache';
import { ErrorNote } from '../../components/QueryState';
import { useSettled } from '../../lib/useSettled';

/**
 * The author's "Add an album" box in edit mode: search the catalogue and add
 * albums one after another without leaving the list. An album already on
 * the list is shown as such instead of being offered again.
 */
export function AddAlbumToList({ page }: { page: ListPage }) {
  const client = useQueryClient();
  const key = useListPageKey(page.list.listId);
  const inputId = useUniqueId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [adding, setAdding] = useState<number | null>(null);
  const [added, setAdded] = useState('');
  const [error, setError] = useState<unknown>(null);

  const query = useSettled(text.trim());
  const found = useCatalogueSearch(query);
  const onList = new Set(page.entries.map((entry) => entry.album.albumId));
  // Emptied once an album is added, without waiting for the settled text.
  const searching = query !== '' && text.trim() !== '';
  const albums = searching ? (found.data?.albums ?? []) : [];

  const add = async (albumId: number, name: string) => {
    setAdding(albumId);
    setError(null);
    try {
      await listsApi.addEntry(page.list.listId, albumId);
      await client.invalidateQueries({ queryKey: key });
      // The album's page and the member's lists count it too.
      void refreshAfterWrite(client);
      setAdded(`Added ${name}.`);
      setText('');
      input.current?.focus();
    } catch (failure) {
      setError(failure);
    } finally {
      setAdding(null);
    }
  };

  return (
    <section class="form list-add-album" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>Add an album</h2>
      <input
        id={inputId}
        aria-labelledby={`${inputId}-heading`}
        ref={input}
        type="search"
        value={text}
        placeholder="Album or artist"
        autoComplete="off"
        onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
      />
      <p class="list-add-status" role="status">
        {added}
      </p>
      {error != null && <ErrorNote error={error} />}
      {searching && found.isSuccess && albums.length === 0 && <p class="list-add-detail">No album matches “{query}”.</p>}
      {albums.length > 0 && (
        <ul class="list-add-results" aria-label="Albums found">
          {albums.map((album) => {
            const name = `${album.title} by ${album.artist}`;
            const there = onList.has(album.albumId);
            return (
              <li key={album.albumId}>
                <span class="list-add-name">
                  {album.title} <span class="list-add-detail">· {album.artist} · {album.releaseYear}</span>
                </span>
                <button
                  type="button"
                  class="button"
                  aria-label={there ? `${name} is on the list` : `Add ${name}`}
                  disabled={there || adding != null}
                  onClick={() => void add(album.albumId, name)}
                >
                  {there ? 'On the list' : adding === album.albumId ? 'Adding…' : 'Add'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
