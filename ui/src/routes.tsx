// The spec's route table (section 2).
import type { ComponentType } from 'preact';
import { lazyComponent } from './lib/lazyComponent';
import { ArtistNotFound } from './pages/ArtistNotFound';
import { AlbumPage } from './pages/album/AlbumPage';
import { ArtistPage } from './pages/artist/ArtistPage';
import { ChartsPage } from './pages/charts/ChartsPage';
import { YearPage } from './pages/charts/YearPage';
import { HomePage } from './pages/home/HomePage';
import { CollectionPage, OldCollectionAddress } from './pages/library/CollectionPage';
import { LibraryPage } from './pages/library/LibraryPage';
import { ListPage } from './pages/lists/ListPage';
import { Login } from './pages/Login';
import { PostPage } from './pages/post/PostPage';
import { ProfilePage } from './pages/profile/ProfilePage';
import { ReviewPage } from './pages/review/ReviewPage';
import { SignUp } from './pages/SignUp';
import { FeedPage } from './pages/social/FeedPage';
import { NotificationsPage } from './pages/social/NotificationsPage';

// Screens few visits need load on demand, keeping them out of the first page's code.
const AccountPage = lazyComponent(() => import('./pages/account/AccountPage'), 'AccountPage');
const AdminPage = lazyComponent(() => import('./pages/admin/AdminPage'), 'AdminPage');
const AddAlbumPage = lazyComponent(() => import('./pages/add/AddAlbumPage'), 'AddAlbumPage');
const AddArtistPage = lazyComponent(() => import('./pages/add/AddArtistPage'), 'AddArtistPage');
const ChangeRequestsPage = lazyComponent(() => import('./pages/change-requests/ChangeRequestsPage'), 'ChangeRequestsPage');
const GrabDataPage = lazyComponent(() => import('./pages/grab-data/GrabDataPage'), 'GrabDataPage');
const ImportPage = lazyComponent(() => import('./pages/import/ImportPage'), 'ImportPage');
const AddListPage = lazyComponent(() => import('./pages/lists/AddListPage'), 'AddListPage');
const DiaryPage = lazyComponent(() => import('./pages/diary/DiaryPage'), 'DiaryPage');
const ShapedChartPage = lazyComponent(() => import('./pages/charts/ShapedChartPage'), 'ShapedChartPage');
const DescriptorPage = lazyComponent(() => import('./pages/charts/DescriptorPage'), 'DescriptorPage');
const GenrePage = lazyComponent(() => import('./pages/charts/GenrePage'), 'GenrePage');
const AddReviewPage = lazyComponent(() => import('./pages/review/AddReviewPage'), 'AddReviewPage');
const AddPostPage = lazyComponent(() => import('./pages/post/AddPostPage'), 'AddPostPage');
const ForYouPage = lazyComponent(() => import('./pages/discover/ForYou'), 'ForYouPage');
const YearInMusicPage = lazyComponent(() => import('./pages/year/YearInMusicPage'), 'YearInMusicPage');

export interface ScreenRoute {
  /** A pattern, or a regular expression whose named groups are the parameters. */
  path: string | RegExp;
  screen: ComponentType<{ params: Record<string, string | undefined> }>;
}

export const routes: ScreenRoute[] = [
  { path: '/', screen: HomePage },
  { path: '/my-library', screen: LibraryPage },
  // An artist's name may hold '/' (AC/DC typed into the address bar): the rest of the path is the name.
  { path: /^\/artists\/not-found\/(?<artistName>.+?)\/?$/i, screen: ArtistNotFound },
  { path: /^\/artists\/(?<artistName>.+?)\/?$/i, screen: ArtistPage },
  { path: '/albums/:artistName/:albumTitle', screen: AlbumPage },
  { path: '/review/:albumTitle/:reviewId', screen: ReviewPage },
  { path: '/post/:postId', screen: PostPage },
  { path: '/user/:username', screen: ProfilePage },
  // Not in the spec: a member's listening diary (issue 39).
  { path: '/user/:username/diary', screen: DiaryPage },
  { path: /^\/user\/(?<username>[^/]+)\/year\/(?<year>\d{4})\/?$/i, screen: YearInMusicPage },
  { path: '/login', screen: Login },
  { path: '/sign-up', screen: SignUp },
  { path: '/add-album', screen: AddAlbumPage },
  { path: '/add-artist', screen: AddArtistPage },
  { path: '/add-review', screen: AddReviewPage },
  { path: '/add-post', screen: AddPostPage },
  { path: '/genre/:genreName', screen: GenrePage },
  // Not in the spec: a descriptor members apply, and its albums (issue 40).
  { path: '/descriptor/:descriptor', screen: DescriptorPage },
  { path: '/year/:year', screen: YearPage },
  // Not in the spec: charts a member shapes with filters that combine (issue 40).
  { path: '/charts/shaped', screen: ShapedChartPage },
  { path: '/charts/:year?/:genreName?', screen: ChartsPage },
  { path: '/collection', screen: CollectionPage },
  { path: '/list', screen: OldCollectionAddress },
  // Not in the spec: lists of albums members curate (issue 22).
  { path: '/list/:listId/:slug?', screen: ListPage },
  { path: '/add-list', screen: AddListPage },
  { path: '/grab-data', screen: GrabDataPage },
  // Not in the spec: what followed members and artists did, and what happened to one's own things (issue 23).
  { path: '/feed', screen: FeedPage },
  // Not in the spec: albums recommended from the members of most like taste (issue 40).
  { path: '/for-you', screen: ForYouPage },
  { path: '/notifications', screen: NotificationsPage },
  // Not in the spec: members manage their own account here.
  { path: '/settings/account', screen: AccountPage },
  // Not in the spec: ratings brought in from other sites, and taken out again (issue 24).
  { path: '/settings/import', screen: ImportPage },
  { path: '/admin', screen: AdminPage },
  { path: '/change-requests', screen: ChangeRequestsPage },
];
