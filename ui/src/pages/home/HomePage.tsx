import { Suspense, useState } from 'react';
import { Link } from 'wouter-preact';
import { usePopularAlbums } from '../../api/queries';
import { useAuth } from '../../auth/AuthContext';
import { InNextTask } from '../../components/InNextTask';
import { Tabs } from '../../components/Tabs';
import { FeedList } from '../social/FeedList';
import { AlbumTile } from '../../components/AlbumTile';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { FeaturedReviews } from './FeaturedReviews';
import { PopularLists } from './PopularLists';
import { RecentComments } from './RecentComments';
import { RecentPosts } from './RecentPosts';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { lazyComponent } from '../../lib/lazyComponent';
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
      <p>
        <Link href="/new">New releases and albums to come</Link>
      </p>
    </section>
  );
}

// Loaded when the tab is first opened: most visits start on the other tabs.
const ForYouList = lazyComponent(() => import('../discover/ForYou'), 'ForYouList');

const HOME_TABS = [
  ['site', 'Everyone'],
  ['feed', 'Feed'],
  ['for-you', 'For you'],
] as const;

/** A signed-in member's home has a Feed tab (what the members and artists they follow did) and a For you tab. */
export function HomePage() {
  useDocumentTitle();
  const { user } = useAuth();
  const [tab, setTab] = useState<'site' | 'feed' | 'for-you'>('site');
  if (user && tab === 'for-you') {
    return (
      <div class="home" data-screen="home">
        <h1 class="visually-hidden">halfstar</h1>
        <Tabs label="Home" tabs={HOME_TABS} selected={tab} onSelect={setTab} />
        <section class="home-section" role="tabpanel" aria-label="For you">
          <Suspense fallback={<Loading label="Loading recommendations…" />}>
            <ForYouList />
          </Suspense>
          <p>
            <Link href="/for-you">Open your recommendations on their own page</Link>
          </p>
        </section>
      </div>
    );
  }
  if (user && tab === 'feed') {
    return (
      <div class="home" data-screen="home">
        <h1 class="visually-hidden">halfstar</h1>
        <Tabs label="Home" tabs={HOME_TABS} selected={tab} onSelect={setTab} />
        <section class="home-section" role="tabpanel" aria-label="Feed">
          <FeedList />
          <p>
            <Link href="/feed">Open the feed on its own page</Link>
          </p>
        </section>
      </div>
    );
  }
  return (
    <div class="home" data-screen="home">
      <h1 class="visually-hidden">halfstar</h1>
      {user && <Tabs label="Home" tabs={HOME_TABS} selected={tab} onSelect={setTab} />}
      <FeaturedReviews />
      <InNextTask>
        <div class="home-panels">
          <RecentComments />
          <RecentPosts />
        </div>
        <PopularLists />
        <PopularAlbums />
      </InNextTask>
    </div>
  );
}
