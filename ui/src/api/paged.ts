// Lists the server pages (?page=&limit=), shown a page at a time with
// "Show more", so nothing is silently cut off at the first page.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * Pages 1, 2, ... of a list, joined. A short page is the last one. Items are
 * told apart by `idOf`, so one that moved onto the next page while the member
 * read (a new rating pushes the rest down) is shown once.
 */
export function usePagedList<T>({
  key,
  fetchPage,
  limit,
  idOf,
  enabled = true,
}: {
  key: readonly unknown[];
  fetchPage: (page: number, limit: number) => Promise<T[]>;
  limit: number;
  idOf: (item: T) => number;
  enabled?: boolean;
}) {
  const query = useInfiniteQuery({
    queryKey: [...key, { pageSize: limit }],
    queryFn: ({ pageParam }) => fetchPage(pageParam, limit),
    initialPageParam: 1,
    getNextPageParam: (last: T[], all: T[][]) => (last.length < limit ? undefined : all.length + 1),
    enabled,
  });
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? []).flat().filter((item) => {
      const id = idOf(item);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    // idOf is a pure accessor: the pages alone decide the list.
  }, [query.data]);
  return { ...query, items };
}

/** Every page of a list, fetched one after another (for views that group and sort it whole). */
export async function allPages<T>(fetchPage: (page: number, limit: number) => Promise<T[]>, limit: number): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const items = await fetchPage(page, limit);
    all.push(...items);
    if (items.length < limit) return all;
  }
}
