import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { communityApi } from '../../api/community';
import { keys } from '../../api/queries';
import type { Rating } from '../../api/types';
import { ErrorNote } from '../../components/QueryState';
import { RatingsChart, ratingCounts } from './RatingsChart';
import { RatingsList } from './RatingsList';

/** Ratings with a number, newest first; library-only rows carry none. */
export function numberedNewestFirst(ratings: Rating[]): Rating[] {
  return ratings.filter((rating) => rating.number != null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The Ratings tab: a count, and the ratings as a list or as a bar chart. */
export function RatingsPanel({ albumId, count }: { albumId: number; count: number }) {
  const [view, setView] = useState<'list' | 'chart'>('list');
  // Where the chart can't be drawn (no canvas), only the list is offered.
  const [chartUnavailable, setChartUnavailable] = useState(false);
  const ratings = useQuery({
    queryKey: keys.albumRatings(albumId),
    queryFn: () => communityApi.ratingsOfAlbum(albumId),
  });
  const rated = useMemo(() => numberedNewestFirst(ratings.data ?? []), [ratings.data]);
  const shownCount = ratings.data ? rated.length : count;
  const showChart = view === 'chart' && !chartUnavailable;

  return (
    <section class="album-ratings-panel" aria-label="Ratings">
      <header class="album-ratings-header">
        <h2>
          {shownCount} {shownCount === 1 ? 'Rating' : 'Ratings'}
        </h2>
        {!chartUnavailable && (
          <div class="album-switch" role="group" aria-label="Show ratings as">
            <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
              List
            </button>
            <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
              Chart
            </button>
          </div>
        )}
      </header>
      {ratings.isError ? (
        <ErrorNote error={ratings.error} />
      ) : showChart ? (
        <RatingsChart counts={ratingCounts(rated)} loading={ratings.isPending} onUnavailable={() => setChartUnavailable(true)} />
      ) : (
        <RatingsList ratings={rated} loading={ratings.isPending} />
      )}
    </section>
  );
}
