import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { usePagedList } from './paged';
import { useViewer } from './queries';
import type { AlbumDescriptors, DescribedAlbum, Descriptor, DescriptorKind } from './types';
import { underViewer } from './viewerCache';
import { compareNames } from '../lib/compare';

/** The descriptor vocabulary, the words members applied to an album, and a descriptor's albums. */
export const descriptorsApi = {
  vocabulary: () => api<Descriptor[]>('/descriptors'),
  ofAlbum: (albumId: number) => api<AlbumDescriptors>(`/album/${albumId}/descriptors`),
  describe: (albumId: number, descriptors: string[]) =>
    api<AlbumDescriptors>(`/album/${albumId}/descriptors`, { method: 'PUT', body: { descriptors } }),
  albums: async (slug: string, page: number, limit: number) =>
    (await api<{ albums: DescribedAlbum[] }>(`/descriptor/${encodeURIComponent(slug)}?page=${page}&limit=${limit}`)).albums,
};

/** The fixed vocabulary: it changes only with the software, so it is read once. */
export function useDescriptorVocabulary() {
  return useQuery({ queryKey: ['descriptors'], queryFn: descriptorsApi.vocabulary, staleTime: Infinity });
}

export function useAlbumDescriptors(albumId: number) {
  return useQuery({
    queryKey: underViewer(['album-descriptors', albumId], useViewer()),
    queryFn: () => descriptorsApi.ofAlbum(albumId),
  });
}

export const DESCRIBED_PAGE = 24;

/** The albums a descriptor is strong for, a page at a time. */
export function useDescribedAlbums(slug: string, enabled: boolean) {
  return usePagedList({
    key: underViewer(['descriptor-albums', slug], useViewer()),
    fetchPage: (page, limit) => descriptorsApi.albums(slug, page, limit),
    limit: DESCRIBED_PAGE,
    idOf: (item) => item.album.albumId,
    enabled,
  });
}

export const KIND_HEADINGS: Record<DescriptorKind, string> = { mood: 'Mood', sound: 'Sound', form: 'Form and themes' };

/** The words of one kind, by name. */
export function wordsOf(vocabulary: Descriptor[], kind: DescriptorKind): Descriptor[] {
  return vocabulary.filter((word) => word.kind === kind).sort((a, b) => compareNames(a.name, b.name));
}

/** '3 members' or '1 member'. */
export function membersCount(members: number): string {
  return members === 1 ? '1 member' : `${members} members`;
}
