import { ErrorNote, Loading } from '../../components/QueryState';
import { byteSize, longDate } from '../../lib/format';
import { useFigures } from './adminQueries';
import { wholeNumber } from '../../lib/words';

/** The site in numbers. */
export function FiguresTab() {
  const figures = useFigures();
  if (figures.isPending) return <Loading label="Loading the figures…" />;
  if (figures.isError) return <ErrorNote error={figures.error} />;
  const { members, albums, artists, ratings, reviews, databaseBytes, lastBackup, pictures } = figures.data;
  const rows: Array<[string, string]> = [
    ['Members', wholeNumber(members)],
    ['Albums', wholeNumber(albums)],
    ['Artists', wholeNumber(artists)],
    ['Ratings', wholeNumber(ratings)],
    ['Reviews', wholeNumber(reviews)],
    ['Database size', byteSize(databaseBytes)],
    ['Last backup', lastBackup ? longDate(lastBackup) : 'not known'],
    // The pictures the site fetched and serves itself (kept in the database too).
    ['Pictures kept', wholeNumber(pictures.ready)],
    ['Pictures waiting', wholeNumber(pictures.pending)],
    ['Pictures refused', wholeNumber(pictures.failed)],
    ['Pictures size', byteSize(pictures.bytes)],
  ];
  return (
    <dl class="admin-figures">
      {rows.map(([label, value]) => (
        <div key={label} class="admin-figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
