import { Link, useLocation } from 'wouter-preact';
import type { Album } from '../api/types';
import { average, longDate, ratingsCount, userRating } from '../lib/format';
import { titleSize } from '../lib/ratingScale';
import { Cover } from './Cover';
import { HalfStarRating } from './HalfStarRating';

export function albumPath(album: Pick<Album, 'artistSlug' | 'slug'>): string {
  return `/albums/${encodeURIComponent(album.artistSlug)}/${encodeURIComponent(album.slug)}`;
}

/**
 * The album card: cover, artist, title, year, average and count, the
 * member's rating, genres. A click anywhere that is not a link opens the
 * album. On the artist page (desktop) hovering shows a rating control.
 */
export function AlbumTile({
  album,
  showArtist = true,
  compact = false,
  onRate,
}: {
  album: Album;
  showArtist?: boolean;
  compact?: boolean;
  onRate?: (value: number) => void;
}) {
  const [, navigate] = useLocation();
  const open = () => navigate(albumPath(album));
  const stop = (event: Event) => event.stopPropagation();
  return (
    <article
      class={['album-tile', compact && 'compact', onRate && 'rateable'].filter(Boolean).join(' ')}
      data-album-id={album.albumId}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) open();
      }}
      tabIndex={0}
      aria-label={`${album.title} by ${album.artist}`}
    >
      <Cover src={album.pictureUrl} name={album.title} alt={`Cover of ${album.title}`} class="tile-cover" />
      <div class="tile-body">
        {showArtist && (
          <Link href={`/artists/${encodeURIComponent(album.artistSlug)}`} class="tile-artist" onClick={stop}>
            {album.artist}
          </Link>
        )}
        <Link href={albumPath(album)} class={`tile-title ${titleSize(album.title)}`} onClick={stop}>
          {album.title}
        </Link>
        <Link
          href={`/charts/${album.releaseYear}`}
          class="tile-year"
          onClick={stop}
          title={longDate(album.releaseDate)}
        >
          {album.releaseYear}
        </Link>
        <div class="tile-ratings">
          <span class="tile-average" title="Average rating">
            {average(album.averageRating)} <small>{ratingsCount(album.numberOfRatings)}</small>
          </span>
          <span class="tile-user-rating" title="Your rating">
            {userRating(album.userRating)}
          </span>
        </div>
        {album.genres.length > 0 && (
          <ul class="tile-genres" aria-label="Genres">
            {album.genres.map((genre) => (
              <li key={genre.slug}>
                <Link href={`/charts/all-time/${encodeURIComponent(genre.slug)}`} onClick={stop}>
                  {genre.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {onRate && (
          <div class="tile-rate" onClick={stop}>
            <HalfStarRating value={album.userRating} onChange={onRate} label={`Rate ${album.title}`} size="small" />
          </div>
        )}
      </div>
    </article>
  );
}
