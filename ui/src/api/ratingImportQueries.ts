// The import page's data hooks. Everything here is the signed-in member's
// own, so every key is under the viewer; an import changes while the member
// looks at it, so nothing is kept for long.
import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ratingImportsApi, isWorking, ROWS_PAGE } from './ratingImports';
import { useViewer } from './queries';
import type { ImportJob, ImportRow, ImportRowPage, ImportRowStatus, ListenedPage } from './types';
import { underViewer } from './viewerCache';

/** How often the page asks how far the server got, while it reads or matches. */
export const POLL_MS = 500;

export const importKeys = {
  job: ['rating-import'] as const,
  rows: (importId: string, status: ImportRowStatus) => ['rating-import-rows', importId, status] as const,
  allRows: (importId: string) => ['rating-import-rows', importId] as const,
  listened: ['listened'] as const,
};

/** The member's import (null: none), polled while the server works on it. */
export function useImportJob() {
  const key = underViewer(importKeys.job, useViewer());
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      // The job the page knows is asked for by its id; on arrival, whatever the member has.
      const known = client.getQueryData<ImportJob | null>(key);
      return known ? ratingImportsApi.job(known.importId, signal) : ratingImportsApi.current(signal);
    },
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isWorking(q.state.data.status) ? POLL_MS : false),
    // A poll that fails once (a restart) is asked again by the next tick.
    retry: false,
  });
  const set = (job: ImportJob | null) => client.setQueryData(key, job);
  return { query, set };
}

/** One status's rows of the preview, a page at a time. */
export function useImportRows(importId: string, status: ImportRowStatus) {
  const key = underViewer(importKeys.rows(importId, status), useViewer());
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => ratingImportsApi.rows(importId, status, pageParam, ROWS_PAGE, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ImportRowPage, pages: ImportRowPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
    },
    staleTime: 0,
  });
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? []).flatMap((page) => page.rows).filter((row) => !seen.has(row.row) && seen.add(row.row));
  }, [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total, key };
}

/** Puts the server's answer for one row in place in a loaded list, so the row stays where the member chose. */
export function replaceRow(client: QueryClient, key: readonly unknown[], updated: ImportRow) {
  client.setQueryData<{ pages: ImportRowPage[]; pageParams: unknown[] }>(key, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, rows: page.rows.map((row) => (row.row === updated.row ? updated : row)) })) }
      : data,
  );
}

/** How many queue albums one "Show more" brings. */
export const LISTENED_PAGE = 24;

/** The member's "Listened, not yet rated" queue, most played first. */
export function useListened(enabled = true) {
  const key = underViewer(importKeys.listened, useViewer());
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => ratingImportsApi.listened(pageParam, LISTENED_PAGE, signal),
    // Music players add plays from elsewhere at any time: asked for on every visit.
    staleTime: 0,
    initialPageParam: 0,
    getNextPageParam: (last: ListenedPage, pages: ListenedPage[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.albums.length, 0);
      return last.albums.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled,
  });
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.albums)
      .filter((entry) => !seen.has(entry.album.albumId) && seen.add(entry.album.albumId));
  }, [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total, key };
}
