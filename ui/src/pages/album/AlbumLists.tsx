import { Link } from 'wouter-preact';
import { listPath } from '../../api/lists';
import { useAlbumLists } from '../../api/listQueries';
import { likeCount } from '../../components/ListCard';
import { ErrorNote, Loading } from '../../components/QueryState';
import { plural } from '../../lib/words';

/** "On 1 list" / "On 3 lists". */
export function onLists(count: number): string {
  return `On ${plural(count, 'list')}`;
}

/**
 * The public lists holding the album: how many, and links to the most
 * liked of them. Nothing is said while no public list holds it but a line
 * inviting the member to start one.
 */
export function AlbumLists({ albumId }: { albumId: number }) {
  const lists = useAlbumLists(albumId);
  if (lists.isPending) return <Loading label="Loading lists…" />;
  if (lists.isError) return <ErrorNote error={lists.error} />;
  const { count, lists: shown } = lists.data;
  return (
    <section class="album-lists" aria-labelledby={`album-lists-${albumId}`}>
      <h2 id={`album-lists-${albumId}`}>{onLists(count)}</h2>
      {count === 0 ? (
        <p class="empty">No public list holds this album yet. Start one with “Add to List”.</p>
      ) : (
        <>
          <ul class="album-list-links">
            {shown.map((list) => (
              <li key={list.listId}>
                <Link href={listPath(list)}>{list.title}</Link>{' '}
                <span class="album-muted">
                  by {list.author.username || 'Unknown'} · {likeCount(list.likeCount)}
                </span>
              </li>
            ))}
          </ul>
          {count > shown.length && (
            <p class="album-muted">
              and {count - shown.length} more
            </p>
          )}
        </>
      )}
    </section>
  );
}
