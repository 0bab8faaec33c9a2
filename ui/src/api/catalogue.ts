// One typed function per catalogue call.
import { api } from './client';
import { pathSegment } from './pathSegment';
import type { Album, Artist, Chart, Genre, SearchResults } from './types';

const seg = pathSegment;

export interface AlbumForm {
  artist: string;
  title: string;
  releaseDate: string;
  pictureUrl: string;
  genres: string;
  type: string;
}

export interface ArtistForm {
  name: string;
  description: string;
  pictureUrl: string;
}

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
};
