import { Link } from 'wouter-preact';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ChartColumns, WEIGHTED_NOTE } from './ChartColumns';
import { CommunityYear } from './CommunityYear';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useYearChart } from './useYearChart';
import './charts.css';

/** /year/{year}: the year's top rated, popular and recent albums, all genres, and what the community listened to and discussed that year. */
export function YearPage({ params }: { params: Record<string, string | undefined> }) {
  const year = routeParam(params.year);
  const isYear = /^\d{4}$/.test(year);
  const chart = useYearChart(year, isYear);
  const title = isYear ? `Top Albums of ${year}` : 'Top Albums of the Year';
  useDocumentTitle(title);

  return (
    <section class="charts-page" data-screen="year">
      <h1>{title}</h1>
      <YearBody year={year} isYear={isYear} chart={chart} />
      {isYear && <CommunityYear year={year} />}
    </section>
  );
}

function YearBody({ year, isYear, chart }: { year: string; isYear: boolean; chart: ReturnType<typeof useYearChart> }) {
  if (!isYear) {
    return (
      <div class="error-note" role="alert">
        <p>“{year}” isn't a year. Try a four-digit year such as 1997.</p>
        <Link href="/charts">See all the charts</Link>
      </div>
    );
  }
  if (chart.isPending) return <Loading label="Loading data…" />;
  if (chart.isError) return <ErrorNote error={chart.error} />;

  const { topTen, mostPopular, mostRecent } = chart.data;
  // The spec shows the lists only once all three have albums; otherwise say why the page is empty.
  if (topTen.length === 0 || mostPopular.length === 0 || mostRecent.length === 0) {
    return (
      <p class="empty">
        No albums from {year} yet. <Link href="/charts">Browse the charts</Link>
      </p>
    );
  }
  return (
    <>
      <p class="chart-links">
        <Link href={`/charts/${year}/all-genres`}>Browse {year} by genre</Link>
      </p>
      <ChartColumns
        columns={[
          { heading: `Top Rated ${year} Albums:`, albums: topTen, note: WEIGHTED_NOTE },
          { heading: `Popular ${year} Albums:`, albums: mostPopular },
          { heading: `Recent ${year} Albums:`, albums: mostRecent },
        ]}
      />
    </>
  );
}
