// The spec's route table (section 2). Screens that later work builds show
// a placeholder naming the screen and its parameters.
import type { ComponentType } from 'preact';
import { ArtistNotFound } from './pages/ArtistNotFound';
import { AlbumPage } from './pages/album/AlbumPage';
import { ArtistPage } from './pages/artist/ArtistPage';
import { ChartsPage } from './pages/charts/ChartsPage';
import { GenrePage } from './pages/charts/GenrePage';
import { YearPage } from './pages/charts/YearPage';
import { HomePage } from './pages/home/HomePage';
import { Login } from './pages/Login';
import { placeholder } from './pages/Placeholder';
import { SignUp } from './pages/SignUp';

export interface ScreenRoute {
  path: string;
  screen: ComponentType<{ params: Record<string, string | undefined> }>;
}

export const routes: ScreenRoute[] = [
  { path: '/', screen: HomePage },
  { path: '/my-library', screen: placeholder('library', 'Library') },
  { path: '/artists/not-found/:artistName', screen: ArtistNotFound },
  { path: '/artists/:artistName', screen: ArtistPage },
  { path: '/albums/:artistName/:albumTitle', screen: AlbumPage },
  { path: '/review/:albumTitle/:reviewId', screen: placeholder('review', 'Review') },
  { path: '/post/:postId', screen: placeholder('post', 'Post') },
  { path: '/user/:username', screen: placeholder('profile', 'Profile') },
  { path: '/login', screen: Login },
  { path: '/sign-up', screen: SignUp },
  { path: '/add-album', screen: placeholder('add-album', 'Add Album') },
  { path: '/add-artist', screen: placeholder('add-artist', 'Add Artist') },
  { path: '/add-review', screen: placeholder('add-review', 'Add Review') },
  { path: '/add-post', screen: placeholder('add-post', 'Add Post') },
  { path: '/genre/:genreName', screen: GenrePage },
  { path: '/year/:year', screen: YearPage },
  { path: '/charts/:year?/:genreName?', screen: ChartsPage },
  { path: '/list', screen: placeholder('list', 'List') },
  { path: '/grab-data', screen: placeholder('grab-data', 'Import Data') },
];
