import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './client';
import { useViewer } from './queries';
import type { ChartOrder, ListSummary, ShapedChart } from './types';
import { underViewer } from './viewerCache';

/** A chart's filters and order, as its address holds them. */
export interface ChartShape {
  from: string;
  to: string;
  /** Genre slugs: albums with any of them. */
  genres: string[];
  /** Genre slugs: albums with none of them. */
  without: string[];
  /** Descriptor slugs: albums each is strong for. */
  descriptors: string[];
  type: string;
  minRatings: string;
  order: ChartOrder;
}

export const ORDERS: { value: ChartOrder; label: string }[] = [
  { value: 'weighted', label: 'Weighted score' },
  { value: 'average', label: 'Average' },
  { value: 'most-rated', label: 'Most rated' },
  { value: 'most-divisive', label: 'Most divisive' },
  { value: 'most-listened', label: 'Most listened' },
];

const list = (text: string | null) => (text ? text.split(',').filter(Boolean) : []);

/** The shape an address's query parameters give; anything missing is the default. */
export function shapeFromParams(params: URLSearchParams): ChartShape {
  const order = params.get('order');
  return {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    genres: list(params.get('genres')),
    without: list(params.get('without')),
    descriptors: list(params.get('descriptors')),
    type: params.get('type') ?? '',
    minRatings: params.get('minRatings') ?? '',
    order: ORDERS.some((known) => known.value === order) ? (order as ChartOrder) : 'weighted',
  };
}

/** The query string of a shape, naming only what differs from the defaults, always in one order. */
export function shapeQuery(shape: ChartShape): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string) => value && params.set(name, value);
  put('from', shape.from);
  put('to', shape.to);
  put('genres', shape.genres.join(','));
  put('without', shape.without.join(','));
  put('descriptors', shape.descriptors.join(','));
  put('type', shape.type);
  put('minRatings', shape.minRatings);
  if (shape.order !== 'weighted') params.set('order', shape.order);
  return params.toString().replace(/%2C/g, ',');
}

/** What an album's figure means in this order: 'spread 4.50', '12 listeners'. */
export function figureText(order: ChartOrder, figure: number): string {
  switch (order) {
    case 'weighted':
      return `score ${figure.toFixed(2)}`;
    case 'average':
      return `average ${figure.toFixed(2)}`;
    case 'most-rated':
      return figure === 1 ? '1 rating' : `${figure} ratings`;
    case 'most-divisive':
      return `spread ${figure.toFixed(2)}`;
    case 'most-listened':
      return figure === 1 ? '1 listener' : `${figure} listeners`;
  }
}

/** The years a shape covers, in words: '1990s', '1991', '1990–1995', 'from 1990', 'up to 1995'. */
export function yearsText(from: string, to: string): string {
  if (from && to) {
    if (from === to) return from;
    if (from.endsWith('0') && Number(to) === Number(from) + 9) return `${from}s`;
    return `${from}–${to}`;
  }
  if (from) return `from ${from}`;
  if (to) return `up to ${to}`;
  return '';
}

export const SHAPED_PAGE = 25;

/** The chart of a shape, a page at a time, with how many albums it keeps in all. */
export function useShapedChart(query: string) {
  const result = useInfiniteQuery({
    queryKey: underViewer(['shaped-chart', query], useViewer()),
    queryFn: ({ pageParam }) => api<ShapedChart>(`/charts/shaped?${query}${query ? '&' : ''}limit=${SHAPED_PAGE}&page=${pageParam}`),
    initialPageParam: 1,
    getNextPageParam: (last: ShapedChart, all: ShapedChart[]) => (all.length * SHAPED_PAGE < last.total ? all.length + 1 : undefined),
  });
  const items = useMemo(() => (result.data?.pages ?? []).flatMap((page) => page.albums), [result.data]);
  return { ...result, items, total: result.data?.pages[0]?.total };
}

/** Saves a chart's albums, in order, as a new list of the member's. */
export function saveChartAsList(title: string, description: string, albumIds: number[]) {
  return api<ListSummary>('/list', { method: 'POST', body: { title, description, albums: albumIds } });
}
