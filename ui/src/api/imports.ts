// The import page's calls: lookups run on the server (the sources' keys stay
// there), and the bulk album writes.
import { api } from './client';
import type { components } from './schema';
import type { AlbumPreview, AlbumsLookup, ArtistLookup, ArtistPreview, BatchResult } from './types';

export type {
  AlbumPreview,
  AlbumsLookup,
  ArtistLookup,
  ArtistPreview,
  BatchResult,
  Candidate,
  LeftOut,
  Skipped,
  SourceTrouble,
} from './types';

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
      body: albums.map(({ artist, title, pictureUrl }): components['schemas']['PhotoBody'] => ({ artist, title, pictureUrl })),
    }),
};
