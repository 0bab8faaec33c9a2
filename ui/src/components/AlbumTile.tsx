import { useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { encodeSegment } from '../api/pathSegment';
import type { Album } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { average, ratingsCount, releaseDate, userRating } from '../lib/format';
import { artistPath } from '../lib/paths';
import { titleSize } from '../lib/ratingScale';
import { AddToListButton } from './AddToList';
import { LogListenButton } from './LogListen';
import { Cover } from './Cover';
import { HalfStarRating } from './HalfStarRating';
import { RateSheet } from '../pages/album/RateSheet';
import { useWriteRefusal } from './SuspendedBanner';

export function albumPath(album: Pick<Album, 'artistSlug' | 'slug'>): string {
  return `/albums/${encodeSegment(album.artistSlug)}/${encodeSegment(album.slug)}`;
}

/**
 * The album card: cover, artist, title, year, average and count, the
 * member's rating, genres. A click anywhere that is not a link opens the
 * album. On the artist page (desktop) hovering shows a rating control. The
 * corner button adds the album to one of the member's lists.
 */
export function AlbumTile({
  album,
  showArtist = true,
  compact = false,
  onRate,
  owner,
  action,
}: {
  album: Album;
  showArtist?: boolean;
  compact?: boolean;
  onRate?: (value: number) => void;
  /** On a member's profile or collection: whose tile this is and their rating. */
  owner?: TileOwner;
  /** One action on the tile itself, such as taking the album out of the library. */
  action?: TileAction;
}) {
  const [, navigate] = useLocation();
  const refused = useWriteRefusal();
  const open = () => navigate(albumPath(album));
  const stop = (event: Event) => event.stopPropagation();
  return (
    <article
      class={['album-tile', compact && 'compact', onRate && 'rateable']
        .filter(Boolean)
        .join(' ')}
      data-album-id={album.albumId}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) open();
      }}
      tabIndex={0}
      aria-label={`${album.title} by ${album.artist}`}
    >
      <Cover src={album.pictureUrl} name={album.title} alt={`Cover of ${album.title}`} class="tile-cover" sizes={compact ? '140px' : '(max-width: 600px) 140px, 180px'} />
      <AddToListButton album={album} variant="tile" />
      <LogListenButton album={album} variant="tile" />
      <div class="tile-body">
        {showArtist && (
          <Link href={artistPath(album.artistSlug)} class="tile-artist" title={album.artist} onClick={stop}>
            {album.artist}
          </Link>
        )}
        <Link href={albumPath(album)} class={`tile-title ${titleSize(album.title)}`} title={album.title} onClick={stop}>
          {album.title}
        </Link>
        <Link
          href={`/charts/${album.releaseYear}`}
          class="tile-year"
          onClick={stop}
          title={releaseDate(album)}
        >
          {album.releaseYear}
        </Link>
        <div class="tile-ratings">
          <span class="tile-average" title="Average rating">
            {average(album.averageRating, album.numberOfRatings)}{' '}
            {album.numberOfRatings > 0 && <small>{ratingsCount(album.numberOfRatings)}</small>}
          </span>
          <TileOwnRatings album={album} owner={owner} />
        </div>
        <TileGenres genres={album.genres} />
        {action && (
          <button
            type="button"
            class="tile-action"
            onClick={(event) => {
              event.stopPropagation();
              action.run();
            }}
            disabled={action.pending}
          >
            {action.label}
          </button>
        )}
        {onRate && (
          <div class="tile-rate" onClick={stop}>
            <HalfStarRating
              value={album.userRating}
              onChange={onRate}
              label={`Rate ${album.title}`}
              size="small"
              disabled={refused}
            />
          </div>
        )}
      </div>
    </article>
  );
}

/** How many genres a tile names; the album page has the rest. */
const TILE_GENRES = 3;

function TileGenres({ genres }: { genres: Album['genres'] }) {
  if (genres.length === 0) return null;
  const rest = genres.slice(TILE_GENRES);
  const stop = (event: Event) => event.stopPropagation();
  return (
    <ul class="tile-genres" aria-label="Genres">
      {genres.slice(0, TILE_GENRES).map((genre) => (
        <li key={genre.slug}>
          <Link href={`/charts/all-time/${encodeURIComponent(genre.slug)}`} title={genre.name} onClick={stop}>
            {genre.name}
          </Link>
        </li>
      ))}
      {rest.length > 0 && (
        <li class="tile-more-genres" title={rest.map((genre) => genre.name).join(', ')}>
          +{rest.length}
        </li>
      )}
    </ul>
  );
}

export interface TileAction {
  label: string;
  run: () => void;
  pending?: boolean;
}

export interface TileOwner {
  username: string;
  rating: number | null;
  /** The signed-in visitor's own rating of the album, when they are not the owner. */
  viewerRating: number | null;
}

/**
 * The rating(s) a tile shows, each labelled with whose it is: the viewer's own
 * everywhere; on someone's profile the owner's, and a signed-in visitor's too.
 */
function TileOwnRatings({ album, owner }: { album: Album; owner?: TileOwner }) {
  const { user } = useAuth();
  const viewerIsOwner = owner != null && user != null && user.username.toLowerCase() === owner.username.toLowerCase();
  // A lone rating is the viewer's, as the spec's tile has it; the labels only
  // appear where two ratings could be taken for each other.
  if (!owner || viewerIsOwner) {
    const value = owner ? owner.rating : album.userRating;
    return user ? <RateButton album={album} value={value} /> : <TileRating value={value} />;
  }
  return (
    <>
      <TileRating ownerName={owner.username} value={owner.rating} />
      {user && <RateButton album={album} value={owner.viewerRating} labelled />}
    </>
  );
}

/**
 * The signed-in viewer's own rating on a tile, as a button that opens the
 * rating dialog: tiles rate in place on every screen, touch ones included.
 * While the member may not write, it only shows the rating.
 */
function RateButton({ album, value, labelled = false }: { album: Album; value: number | null; labelled?: boolean }) {
  const [open, setOpen] = useState(false);
  const refused = useWriteRefusal();
  if (refused) return <TileRating labelled={labelled} value={value} />;
  return (
    <>
      <button
        type="button"
        class="tile-user-rating tile-rate-button"
        // The name starts with the visible text, so voice control finds the button by what it shows.
        aria-label={`${labelled ? 'You: ' : ''}${userRating(value)}, your rating of ${album.title}. Rate it`}
        title="Rate this album"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {labelled && <span class="tile-rating-whose">You:</span>} {userRating(value)}
      </button>
      {open && <RateSheet album={album} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The owner's rating when `ownerName` is given, else the viewer's (labelled "You" beside an owner's). */
function TileRating({ ownerName, labelled = false, value }: { ownerName?: string; labelled?: boolean; value: number | null }) {
  const label = ownerName ?? (labelled ? 'You' : null);
  return (
    <span
      class={ownerName ? 'tile-user-rating tile-owner-rating' : 'tile-user-rating'}
      title={ownerName ? `${ownerName}'s rating` : 'Your rating'}
    >
      {label != null && <span class="tile-rating-whose">{label}:</span>} {userRating(value)}
    </span>
  );
}
