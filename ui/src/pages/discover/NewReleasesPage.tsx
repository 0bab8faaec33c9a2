import { useMemo } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { newFilters, newQuery, useNewReleases, type NewFilters } from '../../api/newReleases';
import { useGenres } from '../../api/queries';
import { useAuth } from '../../auth/AuthContext';
import { FeedLink } from '../../components/FeedLink';
import { AlbumTile } from '../../components/AlbumTile';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { releaseDate } from '../../lib/format';
import { useQueryParams } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './discover.css';
import { compareNames } from '../../lib/compare';

/** /new: albums just out and to come, which the server's own check for new releases keeps current. */
export function NewReleasesPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const filters = newFilters(useQueryParams());
  // A visitor's address may name a member's own filters: they wait for a sign-in.
  const asked: NewFilters = user ? filters : { ...filters, followed: false, wishlist: false };
  const releases = useNewReleases(asked);
  const genres = useGenres();
  const genreChoices = useMemo(() => [...(genres.data ?? [])].sort((a, b) => compareNames(a.name, b.name)), [genres.data]);
  useDocumentTitle(filters.when === 'upcoming' ? 'Coming up' : 'New releases');
  const change = (next: Partial<NewFilters>) => {
    const query = newQuery({ ...filters, ...next });
    navigate(`/new${query ? `?${query}` : ''}`, { replace: true });
  };
  const albums = releases.data?.pages.flatMap((page) => page.albums) ?? [];

  return (
    <section class="new-releases" data-screen="new-releases">
      <h1>New releases</h1>
      <div class="new-when" role="group" aria-label="When">
        <button type="button" aria-pressed={filters.when === 'recent'} onClick={() => change({ when: 'recent' })}>
          Just out
        </button>
        <button type="button" aria-pressed={filters.when === 'upcoming'} onClick={() => change({ when: 'upcoming' })}>
          Coming up
        </button>
      </div>
      <div class="new-filters">
        {user ? (
          <>
            <label>
              <input type="checkbox" checked={filters.followed} onChange={(event) => change({ followed: event.currentTarget.checked })} />
              Artists I follow
            </label>
            <label>
              <input type="checkbox" checked={filters.wishlist} onChange={(event) => change({ wishlist: event.currentTarget.checked })} />
              My wishlist
            </label>
          </>
        ) : (
          <p class="album-muted">
            <Link href="/login">Log in</Link> to see only the artists you follow or your wishlist.
          </p>
        )}
        <label>
          Genre{' '}
          <select value={filters.genre} onChange={(event) => change({ genre: event.currentTarget.value })}>
            <option value="">All genres</option>
            {genreChoices.map((genre) => (
              <option key={genre.slug} value={genre.slug}>
                {genre.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {releases.isPending ? (
        <Loading label="Loading new releases…" />
      ) : releases.isError ? (
        <ErrorNote error={releases.error} />
      ) : albums.length === 0 ? (
        <Empty>
          {filters.when === 'upcoming' ? 'No album to come' : 'No album out in the last 90 days'}
          {asked.followed || asked.wishlist || asked.genre ? ' for these filters.' : ' yet.'}
        </Empty>
      ) : (
        <>
          <ol class="album-grid" aria-label={filters.when === 'upcoming' ? 'Albums to come' : 'Albums just out'}>
            {albums.map((album) => (
              <li key={album.albumId}>
                <AlbumTile album={album} compact />
                <span class="album-muted">{`${filters.when === 'upcoming' ? 'Out' : 'Released'} ${releaseDate(album)}`}</span>
              </li>
            ))}
          </ol>
          {releases.hasNextPage && (
            <button type="button" class="button" disabled={releases.isFetchingNextPage} onClick={() => void releases.fetchNextPage()}>
              {releases.isFetchingNextPage ? 'Loading…' : 'More'}
            </button>
          )}
        </>
      )}
      <p class="album-muted">
        <FeedLink href="/api/feeds/new-releases" title="New releases">
          Follow the albums just out in a feed reader
        </FeedLink>
        {user && (
          <>
            {' · '}
            The albums of the artists you follow can come to your own calendar:{' '}
            <Link href="/settings/account#account-calendar">make a calendar link</Link>.
          </>
        )}
      </p>
    </section>
  );
}
