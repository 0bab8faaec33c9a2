// The spec's route table (section 2).
import type { ComponentType } from 'preact';
import { lazyComponent } from './lib/lazyComponent';
import { AlbumPage } from './pages/album/AlbumPage';
import { ArtistPage } from './pages/artist/ArtistPage';
import { HomePage } from './pages/home/HomePage';
import { ListPage } from './pages/lists/ListPage';
import { ProfilePage } from './pages/profile/ProfilePage';
import { FeedPage } from './pages/social/FeedPage';

export interface ScreenRoute {
  /** A pattern, or a regular expression whose named groups are the parameters. */
  path: string | RegExp;
  screen: ComponentType<{ params: Record<string, string | undefined> }>;
  /** Fetches the code of a screen that loads on demand, so it comes while the session is checked. */
  preload?: () => Promise<unknown>;
}

/**
 * A screen whose code loads on demand. The screens most visits open (home, an
 * album, an artist, a list, a profile, the feed) are in the first page's code,
 * so their data is asked for as soon as it runs; the rest keep that code small,
 * and App starts fetching the one a visit opens on beside the session check.
 */
function screen<Name extends string, Module extends Record<Name, ScreenRoute['screen']>>(
  load: () => Promise<Module>,
  name: Name,
): Pick<ScreenRoute, 'screen' | 'preload'> {
  const component = lazyComponent(load, name);
  return { screen: component as ScreenRoute['screen'], preload: component.preload };
}

export const routes: ScreenRoute[] = [
  { path: '/', screen: HomePage },
  { path: '/my-library', ...screen(() => import('./pages/library/LibraryPage'), 'LibraryPage') },
  // An artist's name may hold '/' (AC/DC typed into the address bar): the rest of the path is the name.
  { path: /^\/artists\/not-found\/(?<artistName>.+?)\/?$/i, ...screen(() => import('./pages/ArtistNotFound'), 'ArtistNotFound') },
  { path: /^\/artists\/(?<artistName>.+?)\/?$/i, screen: ArtistPage },
  { path: '/albums/:artistName/:albumTitle', screen: AlbumPage },
  { path: '/review/:albumTitle/:reviewId', ...screen(() => import('./pages/review/ReviewPage'), 'ReviewPage') },
  { path: '/post/:postId', ...screen(() => import('./pages/post/PostPage'), 'PostPage') },
  { path: '/user/:username', screen: ProfilePage },
  // Not in the spec: a member's listening diary (issue 39).
  { path: '/user/:username/diary', ...screen(() => import('./pages/diary/DiaryPage'), 'DiaryPage') },
  { path: /^\/user\/(?<username>[^/]+)\/year\/(?<year>\d{4})\/?$/i, ...screen(() => import('./pages/year/YearInMusicPage'), 'YearInMusicPage') },
  { path: '/login', ...screen(() => import('./pages/Login'), 'Login') },
  { path: '/sign-up', ...screen(() => import('./pages/SignUp'), 'SignUp') },
  // Not in the spec: a forgotten password recovered by mail (issue 55).
  { path: '/forgot-password', ...screen(() => import('./pages/ForgotPassword'), 'ForgotPassword') },
  { path: '/reset-password', ...screen(() => import('./pages/ResetPassword'), 'ResetPassword') },
  { path: '/confirm-sign-up', ...screen(() => import('./pages/ConfirmAddress'), 'ConfirmSignUp') },
  { path: '/confirm-email', ...screen(() => import('./pages/ConfirmAddress'), 'ConfirmEmail') },
  { path: '/sign-on/callback', ...screen(() => import('./pages/SignOnCallback'), 'SignOnCallback') },
  { path: '/unsubscribe/:token', ...screen(() => import('./pages/Unsubscribe'), 'Unsubscribe') },
  { path: '/add-album', ...screen(() => import('./pages/add/AddAlbumPage'), 'AddAlbumPage') },
  { path: '/add-artist', ...screen(() => import('./pages/add/AddArtistPage'), 'AddArtistPage') },
  { path: '/add-review', ...screen(() => import('./pages/review/AddReviewPage'), 'AddReviewPage') },
  { path: '/add-post', ...screen(() => import('./pages/post/AddPostPage'), 'AddPostPage') },
  { path: '/genre/:genreName', ...screen(() => import('./pages/charts/GenrePage'), 'GenrePage') },
  // Not in the spec: a descriptor members apply, and its albums (issue 40).
  { path: '/descriptor/:descriptor', ...screen(() => import('./pages/charts/DescriptorPage'), 'DescriptorPage') },
  { path: '/year/:year', ...screen(() => import('./pages/charts/YearPage'), 'YearPage') },
  // Not in the spec: charts a member shapes with filters that combine (issue 40).
  { path: '/charts/shaped', ...screen(() => import('./pages/charts/ShapedChartPage'), 'ShapedChartPage') },
  { path: '/charts/:year?/:genreName?', ...screen(() => import('./pages/charts/ChartsPage'), 'ChartsPage') },
  { path: '/collection', ...screen(() => import('./pages/library/CollectionPage'), 'CollectionPage') },
  { path: '/list', ...screen(() => import('./pages/library/CollectionPage'), 'OldCollectionAddress') },
  // Not in the spec: lists of albums members curate (issue 22).
  { path: '/list/:listId/:slug?', screen: ListPage },
  { path: '/add-list', ...screen(() => import('./pages/lists/AddListPage'), 'AddListPage') },
  { path: '/grab-data', ...screen(() => import('./pages/grab-data/GrabDataPage'), 'GrabDataPage') },
  // Not in the spec: what followed members and artists did, and what happened to one's own things (issue 23).
  { path: '/feed', screen: FeedPage },
  // Not in the spec: albums recommended from the members of most like taste (issue 40).
  { path: '/for-you', ...screen(() => import('./pages/discover/ForYou'), 'ForYouPage') },
  // Not in the spec: albums just out and to come, kept current by the server's own check (issue 40).
  { path: '/new', ...screen(() => import('./pages/discover/NewReleasesPage'), 'NewReleasesPage') },
  { path: '/notifications', ...screen(() => import('./pages/social/NotificationsPage'), 'NotificationsPage') },
  // Not in the spec: members manage their own account here.
  { path: '/settings/account', ...screen(() => import('./pages/account/AccountPage'), 'AccountPage') },
  // Not in the spec: ratings brought in from other sites, and taken out again (issue 24).
  { path: '/settings/import', ...screen(() => import('./pages/import/ImportPage'), 'ImportPage') },
  { path: '/admin', ...screen(() => import('./pages/admin/AdminPage'), 'AdminPage') },
  { path: '/change-requests', ...screen(() => import('./pages/change-requests/ChangeRequestsPage'), 'ChangeRequestsPage') },
];
