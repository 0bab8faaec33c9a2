import { ErrorNote, Loading } from '../../components/QueryState';
import { byteSize, longDate } from '../../lib/format';
import { useFigures } from './adminQueries';

/** The site in numbers. */
export function FiguresTab() {
  const figures = useFigures();
  if (figures.isPending) return <Loading label="Loading the figures…" />;
  if (figures.isError) return <ErrorNote error={figures.error} />;
  const { members, albums, artists, ratings, reviews, databaseBytes, lastBackup } = figures.data;
  const rows: Array<[string, string]> = [
    ['Members', members.toLocaleString('en')],
    ['Albums', albums.toLocaleString('en')],
    ['Artists', artists.toLocaleString('en')],
    ['Ratings', ratings.toLocaleString('en')],
    ['Reviews', reviews.toLocaleString('en')],
    ['Database size', byteSize(databaseBytes)],
    ['Last backup', lastBackup ? longDate(lastBackup) : 'not known'],
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
