import { useQueries } from '@tanstack/react-query';
import { catalogueApi } from '../../api/catalogue';
import { keys, useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import type { Album, Chart } from '../../api/types';

/** The page size of catalogueApi.chart, which useChart's cache entries also hold. */
export const CHART_LIMIT = 10;

const LISTS = ['topTen', 'mostPopular', 'mostRecent'] as const;

/** Joins pages list by list; an album that moved between pages while paging is shown once. */
export function joinPages(pages: Chart[]): Chart {
  const join = (list: (typeof LISTS)[number]) => {
    const seen = new Set<number>();
    return pages
      .flatMap((page) => page[list])
      .filter((album: Album) => {
        if (seen.has(album.albumId)) return false;
        seen.add(album.albumId);
        return true;
      });
  };
  return { topTen: join('topTen'), mostPopular: join('mostPopular'), mostRecent: join('mostRecent') };
}

/**
 * Pages 1..count of a chart. Each page is the same query useChart makes
 * (same key and call), so pages already seen come from the cache.
 */
export function useChartPages(year: string, genre: string, count: number) {
  const viewer = useViewer();
  const results = useQueries({
    queries: Array.from({ length: count }, (_, index) => ({
      queryKey: underViewer(keys.chart(year, genre, index + 1), viewer),
      queryFn: () => catalogueApi.chart(year, genre, index + 1, CHART_LIMIT),
    })),
  });
  const first = results[0];
  const last = results[results.length - 1];
  const loaded = results.flatMap((result) => (result.data ? [result.data] : []));
  return {
    first,
    last,
    chart: loaded.length > 0 ? joinPages(loaded) : undefined,
    // Another page may exist while some list of the last page came back full.
    hasMore: last.data != null && LISTS.some((list) => last.data[list].length >= CHART_LIMIT),
  };
}
