import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { catalogueApi } from '../../api/catalogue';
import { listsApi, type ListPage } from '../../api/lists';
import { useListPageKey } from '../../api/listQueries';
import { refreshAfterWrite } from '../../api/viewerCache';
import { ErrorNote } from '../../components/QueryState';

/** How long typing must pause before the search is asked. */
const SETTLE_MS = 200;

/**
 * The author's "Add an album" box in edit mode: search the catalogue and add
 * albums one after another without leaving the list. An album already on
 * the list is shown as such instead of being offered again.
 */
export function AddAlbumToList({ page }: { page: ListPage }) {
  const client = useQueryClient();
  const key = useListPageKey(page.list.listId);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState<number | null>(null);
  const [added, setAdded] = useState('');
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const found = useQuery({
    queryKey: ['search', query.toLowerCase()],
    queryFn: ({ signal }) => catalogueApi.search(query, signal),
    enabled: query.length > 0 && query.length <= 100,
    staleTime: 60_000,
  });
  const onList = new Set(page.entries.map((entry) => entry.album.albumId));
  const albums = query ? (found.data?.albums ?? []) : [];

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
      setQuery('');
      input.current?.focus();
    } catch (failure) {
      setError(failure);
    } finally {
      setAdding(null);
    }
  };

  return (
    <section class="list-add-album" aria-labelledby={`${inputId}-heading`}>
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
      {query && found.isSuccess && albums.length === 0 && <p class="list-add-detail">No album matches “{query}”.</p>}
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
