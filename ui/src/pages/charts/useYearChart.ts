import { api } from '../../api/client';
import { useViewerQuery } from '../../api/queries';
import type { Chart } from '../../api/types';

/** The three lists of a year, all genres (GET /album/top-albums/year/{year}); asked only for a real year. */
export function useYearChart(year: string, enabled: boolean) {
  return useViewerQuery(
    ['year-chart', year],
    () => api<Chart>(`/album/top-albums/year/${encodeURIComponent(year)}`),
    enabled,
  );
}
