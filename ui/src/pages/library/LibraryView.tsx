import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Rating, WishlistItem } from '../../api/types';
import { AlbumTile, type TileAction } from '../../components/AlbumTile';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { average } from '../../lib/format';
import {
  ALL_GENRES,
  arrange,
  figures,
  fromRatings,
  fromWishlist,
  genreOptions,
  groupingOptions,
  secondaryOptions,
  settle,
  type Entry,
  type Grouping,
  type Mode,
  type SortKey,
  type View,
} from './grouping';
import './library.css';

/** A member's rated albums or wishlist, grouped, sorted and filtered as they choose. */
export function LibraryView({
  ratings,
  wishlist,
  initial,
  grid = 'album-grid',
  owner,
  entryAction,
}: {
  ratings: UseQueryResult<Rating[]>;
  wishlist: UseQueryResult<WishlistItem[]>;
  initial: Pick<View, 'grouping' | 'secondary'>;
  grid?: string;
  /** Whose collection this is, when it may not be the viewer's: tiles then say whose rating is whose. */
  owner?: string;
  /** What a tile offers to do with its entry (the member's own library: take it out). */
  entryAction?: (entry: Entry) => TileAction | undefined;
}) {
  const [view, setView] = useState<View>({ mode: 'ratings', genre: ALL_GENRES, ...initial });
  const change = (next: Partial<View>) => setView((current) => settle({ ...current, ...next }));
  const source = view.mode === 'ratings' ? ratings : wishlist;
  const entries = useMemo(
    () => (view.mode === 'ratings' ? fromRatings(ratings.data ?? []) : fromWishlist(wishlist.data ?? [])),
    [view.mode, ratings.data, wishlist.data],
  );
  const genres = genreOptions(entries);
  // A genre chosen in the other list stays chosen, so the member sees it has none here.
  if (!genres.includes(view.genre)) genres.push(view.genre);
  const groups = useMemo(() => arrange(entries, view), [entries, view]);
  const shown = figures(groups);

  return (
    <>
      <div class="library-controls">
        <div class="album-switch" role="group" aria-label="Show">
          {(['ratings', 'wishlist'] as Mode[]).map((mode) => (
            <button key={mode} type="button" aria-pressed={view.mode === mode} onClick={() => change({ mode })}>
              {mode === 'ratings' ? 'Ratings' : 'Wishlist'}
            </button>
          ))}
        </div>
        <label>
          Group by
          {/* Named on its own: a wrapping label would add the chosen option to the name. */}
          <select aria-label="Group by" value={view.grouping} onChange={(e) => change({ grouping: e.currentTarget.value as Grouping })}>
            {groupingOptions(view.mode).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Then by
          <select aria-label="Then by" value={view.secondary} onChange={(e) => change({ secondary: e.currentTarget.value as SortKey })}>
            {secondaryOptions(view).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Genre
          <select aria-label="Genre" value={view.genre} onChange={(e) => change({ genre: e.currentTarget.value })}>
            {genres.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </select>
        </label>
      </div>
      <dl class="library-figures">
        <div>
          <dt>Artists</dt>
          <dd>{shown.artists}</dd>
        </div>
        {view.mode === 'ratings' ? (
          <>
            <div>
              <dt>Ratings</dt>
              <dd>{shown.ratings}</dd>
            </div>
            <div>
              <dt>Average Rating</dt>
              <dd>{average(shown.average, shown.ratings)}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>Albums</dt>
            <dd>{groups.reduce((sum, group) => sum + group.entries.length, 0)}</dd>
          </div>
        )}
      </dl>
      {source.isPending ? (
        <Loading label="Loading Albums..." />
      ) : source.isError ? (
        <ErrorNote error={source.error} />
      ) : groups.length === 0 ? (
        <Empty>{emptyMessage(view)}</Empty>
      ) : (
        groups.map((group) => (
          <section key={group.label} class="library-group" aria-label={group.label || 'Albums'}>
            {group.label && <h2>{group.label}</h2>}
            <div class={grid}>
              {group.entries.map((entry) => (
                <AlbumTile
                  key={entry.key}
                  album={entry.album}
                  compact
                  owner={owner == null ? undefined : { username: owner, rating: entry.number, viewerRating: entry.album.userRating }}
                  action={entryAction?.(entry)}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </>
  );
}

function emptyMessage(view: View): string {
  if (view.mode === 'ratings') return 'Rate albums and they will show up here.';
  return view.genre === ALL_GENRES
    ? 'You have no albums in your wishlist'
    : `You have no ${view.genre} albums in your wishlist.`;
}
