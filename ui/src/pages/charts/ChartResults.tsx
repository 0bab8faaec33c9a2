import { useState } from 'react';
import { Link } from 'wouter-preact';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ChartColumns, WEIGHTED_NOTE } from './ChartColumns';
import { chartHeading } from './chartText';
import { useChartPages } from './useChartPages';

/**
 * A chart's three columns with a 'More' button that appends the next page.
 * genreName: the name for the headings, null for all genres, undefined while
 * it is still loading. Give it a key per chart so paging starts over.
 */
export function ChartResults({ year, genre, genreName }: { year: string; genre: string; genreName: string | null | undefined }) {
  const [pageCount, setPageCount] = useState(1);
  const { first, last, chart, hasMore } = useChartPages(year, genre, pageCount);

  // Until the genre is settled its page may still say it doesn't exist, so the chart's own error waits too.
  if (genreName === undefined) return <Loading label="Loading data…" />;
  if (first.isError) {
    return (
      <ErrorNote error={first.error}>
        <Link href="/charts">See all the charts</Link>
      </ErrorNote>
    );
  }
  if (!chart) return <Loading label="Loading data…" />;

  return (
    <>
      <ChartColumns
        columns={[
          { heading: chartHeading('Top Rated', genreName), albums: chart.topTen, note: WEIGHTED_NOTE },
          { heading: chartHeading('Popular', genreName), albums: chart.mostPopular },
          { heading: chartHeading('Recent', genreName), albums: chart.mostRecent },
        ]}
      />
      <div class="chart-more">
        {last.isPending && <Loading label="Loading data…" />}
        {last.isError && (
          <ErrorNote error={last.error}>
            <button type="button" class="button" onClick={() => last.refetch()}>
              Try again
            </button>
          </ErrorNote>
        )}
        {hasMore && (
          <button type="button" class="button" onClick={() => setPageCount(pageCount + 1)}>
            More
          </button>
        )}
      </div>
    </>
  );
}
