import { Link } from 'wouter-preact';
import { ApiError } from '../../api/client';
import { useGenre } from '../../api/queries';
import { ErrorNote } from '../../components/QueryState';
import { ChartResults } from './ChartResults';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ALL_TIME, titleCase } from './chartText';
import './charts.css';

/** /genre/{genreName}: the genre's description and its all-time chart. */
export function GenrePage({ params }: { params: Record<string, string | undefined> }) {
  const name = routeParam(params.genreName);
  const genre = useGenre(name);
  useDocumentTitle(genre.isError ? 'Genre' : titleCase(genre.data?.name ?? name));

  if (genre.isError) {
    const missing = genre.error instanceof ApiError && genre.error.status === 404;
    return (
      <section class="charts-page" data-screen="genre">
        <h1>Genre</h1>
        {missing ? (
          <div class="error-note" role="alert">
            <p>No genre called “{name}”.</p>
            <Link href="/charts">Browse the charts by genre</Link>
          </div>
        ) : (
          <ErrorNote error={genre.error} />
        )}
      </section>
    );
  }

  return (
    <section class="charts-page" data-screen="genre">
      <h1>{genre.data ? titleCase(genre.data.name) : titleCase(name)}</h1>
      {genre.data?.description && <p class="chart-description">{genre.data.description}</p>}
      {genre.data && (
        <p class="chart-links">
          <Link href={`/charts/${ALL_TIME}/${encodeURIComponent(genre.data.slug)}`}>
            {titleCase(genre.data.name)} charts by year
          </Link>
        </p>
      )}
      <ChartResults key={name} year={ALL_TIME} genre={name} genreName={genre.data?.name} />
    </section>
  );
}
