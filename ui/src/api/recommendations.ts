import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useViewer } from './queries';
import type { Dismissed, ForYou, SimilarAlbums } from './types';
import { underViewer } from './viewerCache';

/** Recommendations the server works out in the background: similar albums and "For you". */
export const recommendationsApi = {
  similar: (albumId: number) => api<SimilarAlbums>(`/album/${albumId}/similar`),
  forYou: (limit: number) => api<ForYou>(`/recommendations?limit=${limit}`),
  dismissed: () => api<Dismissed[]>('/recommendations/dismissed'),
  dismiss: (albumId: number) => api<void>(`/recommendations/dismissed/${albumId}`, { method: 'PUT' }),
  undismiss: (albumId: number) => api<void>(`/recommendations/dismissed/${albumId}`, { method: 'DELETE' }),
};

export function useSimilarAlbums(albumId: number) {
  return useQuery({
    queryKey: underViewer(['similar-albums', albumId], useViewer()),
    queryFn: () => recommendationsApi.similar(albumId),
    // Worked out in the background after a rating: asked again on each visit.
    staleTime: 0,
  });
}

/** How often to ask again while the first recommendations are worked out. */
export const WORKING_POLL_MS = 1500;
export const FOR_YOU_SHOWN = 24;

export function useForYou() {
  return useQuery({
    queryKey: underViewer(['for-you'], useViewer()),
    queryFn: () => recommendationsApi.forYou(FOR_YOU_SHOWN),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'working' ? WORKING_POLL_MS : false),
  });
}

export function useDismissed(enabled: boolean) {
  return useQuery({
    queryKey: underViewer(['recommendations-dismissed'], useViewer()),
    queryFn: recommendationsApi.dismissed,
    enabled,
  });
}

/** "Because 3 members of like taste rated it highly", said briefly under a tile. */
export function likeTasteLine(members: number): string {
  return members === 1 ? '1 member of like taste loved it' : `${members} members of like taste loved it`;
}

/** Under a similar album: how many members rated both highly. */
export function sharedAdmirersLine(members: number): string {
  return members === 1 ? 'Loved by 1 member who loved this' : `Loved by ${members} members who loved this`;
}
