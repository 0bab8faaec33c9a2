import { Link } from 'wouter-preact';
import { ApiError } from '../../api/client';
import type { CountedAlbum } from '../../api/types';
import { useCommunityYear } from '../../api/year';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { ErrorNote } from '../../components/QueryState';
import { plural } from '../../lib/words';

/** The year as the community lived it: the albums the most members logged in their diaries, and the most discussed, whatever their release year. */
export function CommunityYear({ year }: { year: string }) {
  const community = useCommunityYear(year, true);
  if (community.isPending) return null;
  // A year still to come has no community year (the server says 400): nothing to show.
  if (community.isError) {
    return community.error instanceof ApiError && community.error.status === 400 ? null : <ErrorNote error={community.error} />;
  }
  const { mostListened, mostDiscussed } = community.data;
  if (mostListened.length === 0 && mostDiscussed.length === 0) return null;
  return (
    <section class="community-year" aria-labelledby="community-year-title">
      <h2 id="community-year-title">The community in {year}</h2>
      <div class="community-year-columns">
        <CountedList title={`Most listened in ${year}`} albums={mostListened} unit={['listener', 'listeners']} />
        <CountedList title={`Most discussed in ${year}`} albums={mostDiscussed} unit={['review or comment', 'reviews and comments']} />
      </div>
    </section>
  );
}

function CountedList({ title, albums, unit }: { title: string; albums: CountedAlbum[]; unit: [string, string] }) {
  if (albums.length === 0) return null;
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ol class="community-year-list">
        {albums.map((album) => (
          <li key={album.albumId}>
            <Link href={albumPath(album)} class="community-year-cover" tabIndex={-1} aria-hidden="true">
              <Cover src={album.pictureUrl} name={album.title} alt="" sizes="48px" />
            </Link>
            <span>
              <Link href={albumPath(album)}>{album.title}</Link> <span class="community-year-muted">by {album.artist}</span>
              <br />
              <span class="community-year-muted">{plural(album.count, unit[0], unit[1])}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
