// One typed function per catalogue call.
import { api } from './client';
import { pathSegment } from './pathSegment';
import type { components } from './schema';
import type { Album, Artist, Chart, Genre, SearchResults, Track, TrackFields, Tracklist } from './types';

const seg = pathSegment;

/** What a form sends: the named fields of the server's body, all filled in. */
type Filled<Body, Field extends keyof Body> = { [K in Field]-?: string & Body[K] };

export type AlbumForm = Filled<
  components['schemas']['AlbumBody'],
  'artist' | 'title' | 'releaseDate' | 'pictureUrl' | 'genres' | 'type'
>;
export type ArtistForm = Filled<components['schemas']['ArtistBody'], 'name' | 'description' | 'pictureUrl'>;

export const catalogueApi = {
  artist: (name: string) => api<Artist>(`/artist/name/${seg(name)}`),
  artistAlbums: (name: string) => api<Album[]>(`/album/artist/${seg(name)}`),
  album: (artist: string, title: string) => api<Album>(`/album/name/${seg(artist)}/${seg(title)}`),
  popularAlbums: (limit = 20) => api<Album[]>(`/album/popular-albums?limit=${limit}`),
  genres: () => api<Genre[]>('/genre'),
  genre: (name: string) => api<Genre>(`/genre/name/${seg(name)}`),
  /** year: a year or 'all-time'; genre: a slug or 'all-genres'. */
  chart: (year: string, genre: string, page = 1, limit = 10) =>
    api<Chart>(`/genre/top-rated/${seg(year)}/${seg(genre)}?limit=${limit}&page=${page}`),
  search: (q: string, signal?: AbortSignal) =>
    api<SearchResults>(`/search?q=${seg(q)}&limit=6`, { signal }),
  addArtist: (form: ArtistForm) => api<Artist>('/artist', { method: 'POST', body: form }),
  editArtist: (id: number, form: Partial<ArtistForm>) =>
    api<Artist>(`/artist/${id}`, { method: 'PATCH', body: form }),
  addAlbum: (form: AlbumForm) => api<Album>('/album', { method: 'POST', body: form }),
  editAlbum: (id: number, form: Partial<AlbumForm>) =>
    api<Album>(`/album/${id}`, { method: 'PATCH', body: form }),
  /** Replaces the album's tracklist (a revision, like every edit). */
  setTracks: (id: number, tracks: TrackFields[]) => api<Album>(`/album/${id}`, { method: 'PATCH', body: { tracks } }),
  tracks: (id: number, signal?: AbortSignal) => api<Tracklist>(`/album/${id}/tracks`, { signal }),
  rateTrack: (trackId: number, number: number) => api<Track>(`/track/${trackId}/rating`, { method: 'PUT', body: { number } }),
  unrateTrack: (trackId: number) => api<void>(`/track/${trackId}/rating`, { method: 'DELETE' }),
};
