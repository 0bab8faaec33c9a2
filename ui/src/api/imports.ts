// The import page's calls: lookups run on the server (the sources' keys stay
// there), and the bulk album writes.
import { api } from './client';

export interface ArtistPreview {
  name: string;
  description: string;
  pictureUrl: string;
  mbid: string;
}

export interface Candidate {
  mbid: string;
  name: string;
  disambiguation: string;
  country: string | null;
}

export interface AlbumPreview {
  title: string;
  artist: string;
  releaseDate: string;
  releaseYear: number;
  pictureUrl: string;
  genres: string;
  styles: string[];
  type: string;
  mbReleaseGroup: string;
}

export interface Skipped {
  title: string;
  reason: string;
}

export interface ArtistLookup {
  artist: ArtistPreview | null;
  candidates: Candidate[];
}

export interface AlbumsLookup extends ArtistLookup {
  albums: AlbumPreview[];
  skipped: Skipped[];
}

export interface BatchResult {
  added: string[];
  updated: string[];
  skipped: Skipped[];
}

function lookupQuery(name: string, mbid?: string): string {
  const query = new URLSearchParams({ name });
  if (mbid) query.set('mbid', mbid);
  return query.toString();
}

export const importApi = {
  artist: (name: string, mbid?: string) => api<ArtistLookup>(`/import/artist?${lookupQuery(name, mbid)}`),
  albums: (name: string, mbid?: string) => api<AlbumsLookup>(`/import/albums?${lookupQuery(name, mbid)}`),
  addArtist: (artist: ArtistPreview) => api<unknown>('/artist', { method: 'POST', body: artist }),
  addAlbums: (albums: AlbumPreview[]) => api<BatchResult>('/album/create-many', { method: 'POST', body: albums }),
  updateAlbums: (albums: AlbumPreview[]) => api<BatchResult>('/album/update-many', { method: 'PATCH', body: albums }),
  updatePictures: (albums: AlbumPreview[]) =>
    api<BatchResult>('/album/update-many/photos', {
      method: 'PATCH',
      body: albums.map(({ artist, title, pictureUrl }) => ({ artist, title, pictureUrl })),
    }),
};
