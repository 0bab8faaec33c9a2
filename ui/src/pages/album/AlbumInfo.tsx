import { Link } from 'wouter-preact';
import type { Album } from '../../api/types';
import { average, knownDate, ratingsCount, releaseDate } from '../../lib/format';
import { AlbumDescriptorsLine } from './AlbumDescriptorsLine';
import { GenreVoting } from './GenreVoting';
import { MyRating } from './MyRating';

/** The Info tab: the album's facts, the member's rating, genres and styles. */
export function AlbumInfo({
  album,
  askLogin,
  refuse,
}: {
  album: Album;
  askLogin: (reason: string) => void;
  refuse: (message: string) => void;
}) {
  return (
    <div class="album-info">
      <h1 class="album-title">{album.title}</h1>
      <p class="album-artist">
        <Link href={`/artists/${encodeURIComponent(album.artistSlug)}`}>{album.artist}</Link>
      </p>
      <dl class="album-facts">
        <div>
          <dt>Released</dt>
          <dd>
            <time dateTime={knownDate(album)}>{releaseDate(album)}</time>
          </dd>
        </div>
        <div>
          <dt>Average</dt>
          <dd>
            <span class="album-average">{average(album.averageRating, album.numberOfRatings)}</span>{' '}
            {album.numberOfRatings > 0 && <span class="album-muted">{ratingsCount(album.numberOfRatings)}</span>}
          </dd>
        </div>
        <div>
          <dt>Reviews</dt>
          <dd>{album.numberOfReviews}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{album.type}</dd>
        </div>
      </dl>
      <MyRating album={album} askLogin={askLogin} refuse={refuse} />
      {album.genres.length > 0 && (
        <ul class="album-chips" aria-label="Genres">
          {album.genres.map((genre) => (
            <li key={genre.slug}>
              <Link href={`/charts/all-time/${encodeURIComponent(genre.slug)}`}>{genre.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <GenreVoting album={album} />
      <AlbumDescriptorsLine album={album} />
      {album.styles.length > 0 && (
        <ul class="album-chips styles" aria-label="Styles">
          {album.styles.map((style) => (
            <li key={style}>{style}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
