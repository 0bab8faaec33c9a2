import { Link } from 'wouter-preact';
import { KIND_HEADINGS, membersCount, useDescribedAlbums, useDescriptorVocabulary } from '../../api/descriptors';
import { AlbumTile } from '../../components/AlbumTile';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './charts.css';

/** /descriptor/{word}: what the descriptor means, and the albums it is strongest for. */
export function DescriptorPage({ params }: { params: Record<string, string | undefined> }) {
  const word = routeParam(params.descriptor).trim().toLowerCase();
  const vocabulary = useDescriptorVocabulary();
  const descriptor = vocabulary.data?.find((d) => d.slug === word || d.name === word);
  const albums = useDescribedAlbums(descriptor?.slug ?? word, descriptor != null);
  useDocumentTitle(descriptor ? `${descriptor.name} (descriptor)` : 'Descriptor');

  if (vocabulary.isPending) return <Loading label="Loading data…" />;
  if (vocabulary.isError) return <ErrorNote error={vocabulary.error} />;
  if (!descriptor) {
    return (
      <section class="charts-page" data-screen="descriptor">
        <h1>Descriptor</h1>
        <div class="error-note" role="alert">
          <p>No descriptor called “{word}”.</p>
          <Link href="/charts">Browse the charts</Link>
        </div>
      </section>
    );
  }
  return (
    <section class="charts-page" data-screen="descriptor">
      <h1>{descriptor.name}</h1>
      <p class="chart-description">
        <span class="album-muted">{KIND_HEADINGS[descriptor.kind]}.</span> {descriptor.meaning}
      </p>
      <p class="chart-links">
        <Link href={`/charts/shaped?descriptors=${descriptor.slug}`}>Shape a chart of {descriptor.name} albums</Link>
      </p>
      {albums.isPending ? (
        <Loading label="Loading data…" />
      ) : albums.isError ? (
        <ErrorNote error={albums.error} />
      ) : albums.items.length === 0 ? (
        <Empty>No album is described as {descriptor.name} by two members yet.</Empty>
      ) : (
        <>
          <p class="chart-note">The albums most members described as {descriptor.name}, first.</p>
          <ol class="album-grid descriptor-albums">
            {albums.items.map(({ album, members }) => (
              <li key={album.albumId}>
                <AlbumTile album={album} />
                <span class="album-muted">{membersCount(members)}</span>
              </li>
            ))}
          </ol>
          <ShowMore list={albums} />
        </>
      )}
    </section>
  );
}
