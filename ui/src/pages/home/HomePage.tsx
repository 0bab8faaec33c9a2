import { usePopularAlbums } from '../../api/queries';
import { AlbumTile } from '../../components/AlbumTile';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { FeaturedReviews } from './FeaturedReviews';
import { PopularLists } from './PopularLists';
import { RecentComments } from './RecentComments';
import { RecentPosts } from './RecentPosts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './home.css';

function PopularAlbums() {
  const popular = usePopularAlbums();
  return (
    <section class="home-section" aria-labelledby="popular-heading">
      <h2 id="popular-heading">Popular Albums</h2>
      {popular.isPending && <Loading label="Loading Albums..." />}
      {popular.isError && <ErrorNote error={popular.error} />}
      {popular.data?.length === 0 && <Empty>No albums have been rated yet.</Empty>}
      <div class="album-grid">
        {popular.data?.map((album) => <AlbumTile key={album.albumId} album={album} />)}
      </div>
    </section>
  );
}

export function HomePage() {
  useDocumentTitle();
  return (
    <div class="home" data-screen="home">
      <h1 class="visually-hidden">halfstar</h1>
      <FeaturedReviews />
      <div class="home-panels">
        <RecentComments />
        <RecentPosts />
      </div>
      <PopularLists />
      <PopularAlbums />
    </div>
  );
}
