import { useUniqueId } from '../../lib/useUniqueId';
import type { Album } from '../../api/types';
import { AlbumTile } from '../../components/AlbumTile';
import { Empty } from '../../components/QueryState';

export interface ChartColumnData {
  heading: string;
  albums: Album[];
  /** How the list is ordered, when its numbers alone would not say. */
  note?: string;
}

/**
 * Why a top-rated list's averages are not in order: it ranks by the
 * weighted score of the book's "How charts rank" (docs/src/developer/how-it-is-built.md), and shows the plain average.
 */
export const WEIGHTED_NOTE =
  'Ranked by a weighted score: an album with few ratings is pulled toward the usual rating until more members rate it, so a higher average from a few ratings can sit below a lower one from many.';

/** One ranked list under its heading, or the spec's empty note. */
function ChartColumn({ heading, albums, note }: ChartColumnData) {
  const headingId = useUniqueId();
  return (
    <section class="chart-column" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {note && albums.length > 0 && <p class="chart-note">{note}</p>}
      {albums.length === 0 ? (
        <Empty>No data to display</Empty>
      ) : (
        <ol class="chart-list">
          {albums.map((album) => (
            <li key={album.albumId}>
              <AlbumTile album={album} compact />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The three lists side by side; charts.css stacks them on narrow screens. */
export function ChartColumns({ columns }: { columns: ChartColumnData[] }) {
  return (
    <div class="chart-columns">
      {columns.map((column) => (
        <ChartColumn key={column.heading} {...column} />
      ))}
    </div>
  );
}
