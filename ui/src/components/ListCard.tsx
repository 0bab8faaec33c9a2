import { Link } from 'wouter-preact';
import { listPath, VISIBILITY_LABELS, type ListSummary, type ListVisibility } from '../api/lists';
import { Cover } from './Cover';
import { plural } from '../lib/words';

/** "3 albums", "1 album". */
export function albumCount(count: number): string {
  return plural(count, 'album');
}

/** "2 likes", "1 like". */
export function likeCount(count: number): string {
  return plural(count, 'like');
}

/** Public, Unlisted or Private, as a small badge. */
export function VisibilityBadge({ visibility }: { visibility: ListVisibility }) {
  return (
    <span class={`list-visibility list-visibility-${visibility}`} title={`Visibility: ${VISIBILITY_LABELS[visibility]}`}>
      {VISIBILITY_LABELS[visibility]}
    </span>
  );
}

/**
 * A list's covers: four in a square when it has four, else its first; a
 * list without albums gets the generated cover of its title.
 */
export function ListMosaic({ list }: { list: Pick<ListSummary, 'covers' | 'title'> }) {
  const covers = list.covers.slice(0, 4);
  if (covers.length === 4) {
    return (
      <div class="list-mosaic four" aria-hidden="true">
        {covers.map((src, index) => (
          <Cover key={index} src={src} name={list.title} alt="" sizes="48px" />
        ))}
      </div>
    );
  }
  return (
    <div class="list-mosaic" aria-hidden="true">
      <Cover src={covers[0] ?? ''} name={list.title} alt="" sizes="96px" />
    </div>
  );
}

/**
 * A list as tiles of lists show it: covers, title (a link to it), author,
 * how many albums and likes, and its visibility when it is not public (only
 * its author sees such a list here).
 */
export function ListCard({ list, showAuthor = true }: { list: ListSummary; showAuthor?: boolean }) {
  return (
    <article class="list-card" aria-label={list.title}>
      <ListMosaic list={list} />
      <div class="list-card-body">
        <Link href={listPath(list)} class="list-card-title">
          {list.title}
        </Link>
        {showAuthor && <span class="list-card-author">by {list.author.username || 'Unknown'}</span>}
        <span class="list-card-meta">
          {albumCount(list.entryCount)} · {likeCount(list.likeCount)}
        </span>
        {(list.visibility !== 'public' || list.hidden) && (
          <span class="list-card-badges">
            {list.visibility !== 'public' && <VisibilityBadge visibility={list.visibility} />}
            {list.hidden && <span class="hidden-badge">Hidden</span>}
          </span>
        )}
      </div>
    </article>
  );
}
