import { ErrorNote, Loading } from '../../components/QueryState';
import { byteSize, longDate } from '../../lib/format';
import { useFigures } from './adminQueries';

/** The site in numbers. */
export function FiguresTab() {
  const figures = useFigures();
  if (figures.isPending) return <Loading label="Loading the figures…" />;
  if (figures.isError) return <ErrorNote error={figures.error} />;
  const { members, albums, artists, ratings, reviews, databaseBytes, lastBackup, pictures } = figures.data;
  const rows: Array<[string, string]> = [
    ['Members', members.toLocaleString('en')],
    ['Albums', albums.toLocaleString('en')],
    ['Artists', artists.toLocaleString('en')],
    ['Ratings', ratings.toLocaleString('en')],
    ['Reviews', reviews.toLocaleString('en')],
    ['Database size', byteSize(databaseBytes)],
    ['Last backup', lastBackup ? longDate(lastBackup) : 'not known'],
    // The pictures the site fetched and serves itself (kept in the database too).
    ['Pictures kept', pictures.ready.toLocaleString('en')],
    ['Pictures waiting', pictures.pending.toLocaleString('en')],
    ['Pictures refused', pictures.failed.toLocaleString('en')],
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
