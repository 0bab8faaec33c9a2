import { sharedAdmirersLine, useSimilarAlbums } from '../../api/recommendations';
import { AlbumTile } from '../../components/AlbumTile';
import { ErrorNote, Loading } from '../../components/QueryState';

/**
 * Albums the members who loved this one also loved, worked out by the server
 * in the background; until two such members agree, a line says how they come.
 */
export function SimilarAlbums({ albumId }: { albumId: number }) {
  const similar = useSimilarAlbums(albumId);
  if (similar.isPending) return <Loading label="Loading similar albums…" />;
  if (similar.isError) return <ErrorNote error={similar.error} />;
  const { albums, fewestShared } = similar.data;
  return (
    <section class="similar-albums" aria-labelledby={`similar-${albumId}`}>
      <h2 id={`similar-${albumId}`}>Similar albums</h2>
      {albums.length === 0 ? (
        <p class="empty">
          None yet: an album shows here once {fewestShared} members who rated this one highly rated it highly too.
        </p>
      ) : (
        <ol class="album-grid">
          {albums.map(({ album, members }) => (
            <li key={album.albumId}>
              <AlbumTile album={album} compact />
              <span class="album-muted">{sharedAdmirersLine(members)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
