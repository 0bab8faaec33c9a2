import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'wouter-preact';
import { catalogueApi } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { genreVotesQuery } from '../../api/genreVotes';
import { keys, useViewer, useViewerQuery } from '../../api/queries';
import type { Album } from '../../api/types';
import { InNextTask } from '../../components/InNextTask';
import { Dialog } from '../../components/Dialog';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorNote, Loading } from '../../components/QueryState';
import { WhenOnScreen } from '../../components/WhenOnScreen';
import { artistPath } from '../../lib/paths';
import { lazyComponent } from '../../lib/lazyComponent';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AlbumCover } from './AlbumCover';
import { AlbumInfo } from './AlbumInfo';
import { AlbumLists } from './AlbumLists';
import { AlbumTabs } from './AlbumTabs';
import { CommentList } from './CommentList';
import { EditAlbumDialog } from './EditAlbumDialog';
import { CatalogueActions } from '../catalogue/CatalogueActions';
import { RatingsPanel } from './RatingsPanel';
import { TrackList } from './TrackList';
import { ReviewsTab } from './ReviewsTab';
import './album.css';

// Below the fold: its code and data come once it is scrolled to.
const SimilarAlbums = lazyComponent(() => import('./SimilarAlbums'), 'SimilarAlbums');

type Notice = { kind: 'login'; reason: string } | { kind: 'refused'; message: string } | { kind: 'edit' } | null;

function AlbumView({ album }: { album: Album }) {
  const [notice, setNotice] = useState<Notice>(null);
  const askLogin = (reason: string) => setNotice({ kind: 'login', reason });
  const refuse = (message: string) => setNotice({ kind: 'refused', message });
  const close = () => setNotice(null);

  return (
    <section class="album-page" data-screen="album">
      <div class="album-main">
        <AlbumCover album={album} askLogin={askLogin} refuse={refuse} onEdit={() => setNotice({ kind: 'edit' })} />
        <AlbumTabs
          label={`${album.title} details`}
          tabs={[
            { key: 'info', label: 'Info', content: () => <AlbumInfo album={album} askLogin={askLogin} refuse={refuse} /> },
            { key: 'tracks', label: 'Tracks', content: () => <TrackList album={album} askLogin={askLogin} /> },
            {
              key: 'ratings',
              label: `Ratings (${album.numberOfRatings})`,
              content: () => <RatingsPanel albumId={album.albumId} count={album.numberOfRatings} />,
            },
            { key: 'reviews', label: `Reviews (${album.numberOfReviews})`, content: () => <ReviewsTab album={album} /> },
          ]}
        />
      </div>
      <InNextTask>
        <CatalogueActions entity={{ kind: 'album', album }} />
        <AlbumLists albumId={album.albumId} />
        <WhenOnScreen>
          <Suspense fallback={null}>
            <SimilarAlbums albumId={album.albumId} />
          </Suspense>
        </WhenOnScreen>
        <CommentList kind="album" id={album.albumId} />
      </InNextTask>
      {notice?.kind === 'login' && <LoginPrompt reason={notice.reason} onClose={close} />}
      {notice?.kind === 'refused' && (
        <Dialog title="Can't let you do that" onClose={close}>
          <p>{notice.message}</p>
        </Dialog>
      )}
      {notice?.kind === 'edit' && <EditAlbumDialog album={album} onClose={close} />}
    </section>
  );
}

/**
 * The album, and its genre votes asked for as soon as it arrives rather than
 * once the page is drawn: their line is the widest text of a phone's first screen.
 */
function useAlbumAndItsGenreVotes(artist: string, title: string) {
  const client = useQueryClient();
  const viewer = useViewer();
  return useViewerQuery(keys.album(artist, title), async () => {
    const album = await catalogueApi.album(artist, title);
    void client.prefetchQuery(genreVotesQuery(album.albumId, viewer));
    return album;
  });
}

/** The album page: cover and actions, Info / Tracks / Ratings / Reviews tabs, the lists holding it, comments. */
export function AlbumPage({ params }: { params: Record<string, string | undefined> }) {
  const artist = routeParam(params.artistName);
  const title = routeParam(params.albumTitle);
  const album = useAlbumAndItsGenreVotes(artist, title);
  useDocumentTitle(album.data ? `${album.data.title} by ${album.data.artist}` : album.isError ? 'Album not found' : null);

  if (album.isPending) {
    return (
      <section class="album-page" data-screen="album">
        <Loading label="Loading Album..." />
      </section>
    );
  }
  if (album.isError) {
    const missing = album.error instanceof ApiError && album.error.status === 404;
    return (
      <section class={missing ? 'not-found' : 'album-page'} data-screen="album">
        {missing ? (
          <>
            <h1>404</h1>
            <p>
              Couldn't find an album called {title} by {artist}.
            </p>
            <p class="album-not-found-links">
              <Link href={artistPath(artist)}>Go to {artist}</Link>
              <Link href="/">Go Home</Link>
            </p>
          </>
        ) : (
          <ErrorNote error={album.error} />
        )}
      </section>
    );
  }
  // Keyed so that moving to another album starts its view afresh (tab, optimistic rating).
  return <AlbumView key={album.data.albumId} album={album.data} />;
}
