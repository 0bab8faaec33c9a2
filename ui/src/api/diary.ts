import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useAuth } from '../auth/AuthContext';
import { api } from './client';
import { pathSegment } from './pathSegment';
import { useViewer } from './queries';
import type { Diary, DiaryEntry, MyListens } from './types';
import { underViewer } from './viewerCache';

/** What a member writes into a diary entry. */
export interface EntryFields {
  listenedOn: string;
  rating: number | null;
  note: string;
  relisten: boolean;
}

/** The listening diary: listens logged by day. */
export const diaryApi = {
  log: (albumId: number, fields: EntryFields) =>
    api<DiaryEntry>('/diary', { method: 'POST', body: { albumId, ...fields } }),
  change: (entryId: number, fields: EntryFields) =>
    api<DiaryEntry>(`/diary/${entryId}`, { method: 'PATCH', body: fields }),
  remove: (entryId: number) => api<void>(`/diary/${entryId}`, { method: 'DELETE' }),
  myListens: (albumId: number) => api<MyListens>(`/album/${albumId}/my-listens`),
  ofMember: (name: string, before: string | null) =>
    api<Diary>(`/user/username/${pathSegment(name)}/diary?limit=50${before ? `&before=${encodeURIComponent(before)}` : ''}`),
};

export const diaryKeys = {
  mine: (albumId: number) => ['my-listens', albumId] as const,
  ofMember: (name: string) => ['diary', name.toLowerCase()] as const,
};

/** The signed-in member's listens of one album ("listened 3 times"). */
export function useMyListens(albumId: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: underViewer(diaryKeys.mine(albumId), useViewer()),
    queryFn: () => diaryApi.myListens(albumId),
    enabled: user != null,
    // A player's plays may log a listen at any time.
    staleTime: 0,
  });
}

/** A member's diary, the latest listen first, page after page. */
export function useDiary(name: string) {
  const query = useInfiniteQuery({
    queryKey: underViewer(diaryKeys.ofMember(name), useViewer()),
    queryFn: ({ pageParam }) => diaryApi.ofMember(name, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
  const entries = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.entries)
      .filter((entry) => (seen.has(entry.entryId) ? false : (seen.add(entry.entryId), true)));
  }, [query.data]);
  const months = query.data?.pages[0]?.months ?? [];
  return { ...query, entries, months };
}

/** Today in the member's own time zone, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
