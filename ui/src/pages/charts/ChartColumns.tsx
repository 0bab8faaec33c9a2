import { useId } from 'react';
import type { Album } from '../../api/types';
import { AlbumTile } from '../../components/AlbumTile';
import { Empty } from '../../components/QueryState';

export interface ChartColumnData {
  heading: string;
  albums: Album[];
}

/** One ranked list under its heading, or the spec's empty note. */
function ChartColumn({ heading, albums }: ChartColumnData) {
  const headingId = useId();
  return (
    <section class="chart-column" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
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
