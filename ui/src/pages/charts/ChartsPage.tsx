import { useEffect } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { useGenre } from '../../api/queries';
import { ChartFilters } from './ChartFilters';
import { ChartResults } from './ChartResults';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ALL_GENRES, ALL_TIME, chartTitle } from './chartText';
import './charts.css';

/** /charts/{year?}/{genre?}: the selectors drive the route, the route drives the chart. */
export function ChartsPage({ params }: { params: Record<string, string | undefined> }) {
  const [, navigate] = useLocation();
  const year = routeParam(params.year) || ALL_TIME;
  const genre = routeParam(params.genreName) || ALL_GENRES;
  const chosen = genre !== ALL_GENRES;
  const genreInfo = useGenre(genre, chosen);
  const title = chartTitle(year, genreInfo.data?.name);
  useDocumentTitle(title);

  // A new chart is a new page: start it at the top, as after a link.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [year, genre]);

  // The headings wait for the genre's proper name; if it can't be had, the chart's own error shows.
  const genreName = !chosen ? null : (genreInfo.data?.name ?? (genreInfo.isError ? genre : undefined));

  return (
    <section class="charts-page" data-screen="charts">
      {/* Only a genre the server knows is named in the title. */}
      <h1>{title}</h1>
      <ChartFilters
        year={year}
        genre={genreInfo.data?.slug ?? genre}
        onChange={(nextYear, nextGenre) =>
          navigate(`/charts/${encodeURIComponent(nextYear)}/${encodeURIComponent(nextGenre)}`)
        }
      />
      <p class="chart-links">
        <Link href={shapedFrom(year, chosen ? (genreInfo.data?.slug ?? genre) : '')}>Shape your own chart: years, genres in and out, descriptors, order</Link>
      </p>
      {chosen && genreInfo.data?.description && <p class="chart-description">{genreInfo.data.description}</p>}
      <ChartResults key={`${year}/${genre}`} year={year} genre={genre} genreName={genreName} />
    </section>
  );
}

/** The shaped chart that starts where this one is: its year and genre. */
function shapedFrom(year: string, genre: string): string {
  const params = new URLSearchParams();
  if (/^\d{4}$/.test(year)) {
    params.set('from', year);
    params.set('to', year);
  }
  if (genre) params.set('genres', genre);
  const query = params.toString();
  return `/charts/shaped${query ? `?${query}` : ''}`;
}
