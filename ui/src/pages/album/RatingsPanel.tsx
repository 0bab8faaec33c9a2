import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { communityApi } from '../../api/community';
import { usePagedList } from '../../api/paged';
import { keys } from '../../api/queries';
import { ErrorNote } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { canDraw, RatingsChart, scaleCounts } from './RatingsChart';
import { RatingsList } from './RatingsList';
import { plural } from '../../lib/words';

const RATINGS_PAGE = 50;

/**
 * The Ratings tab: the album's true count, and its ratings as a paged list
 * (newest first) or as a bar chart of every rating, counted by the server.
 */
export function RatingsPanel({ albumId, count }: { albumId: number; count: number }) {
  const [view, setView] = useState<'list' | 'chart'>('list');
  // Where the chart can't be drawn (no canvas), only the list is offered.
  const [chartUnavailable, setChartUnavailable] = useState(() => !canDraw());
  const showChart = view === 'chart' && !chartUnavailable;
  const ratings = usePagedList({
    key: keys.albumRatings(albumId),
    fetchPage: (page, limit) => communityApi.ratingsOfAlbum(albumId, page, limit),
    limit: RATINGS_PAGE,
    idOf: (rating) => rating.ratingId,
    enabled: !showChart,
  });
  const distribution = useQuery({
    queryKey: keys.ratingDistribution(albumId),
    queryFn: () => communityApi.ratingDistribution(albumId),
    enabled: showChart,
  });
  // Library entries carry no number, so they are neither listed nor counted.
  const rated = ratings.items.filter((rating) => rating.number != null);

  return (
    <section class="album-ratings-panel" aria-label="Ratings">
      <header class="album-ratings-header">
        <h2>
          {plural(count, 'Rating')}
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
      {showChart ? (
        distribution.isError ? (
          <ErrorNote error={distribution.error} />
        ) : (
          <RatingsChart counts={scaleCounts(distribution.data)} loading={distribution.isPending} onUnavailable={() => setChartUnavailable(true)} />
        )
      ) : ratings.isError ? (
        <ErrorNote error={ratings.error} />
      ) : (
        <>
          <RatingsList ratings={rated} loading={ratings.isPending} />
          <ShowMore list={ratings} total={count} shown={rated.length} />
        </>
      )}
    </section>
  );
}
