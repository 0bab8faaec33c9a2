import { useEffect, useRef } from 'react';
import type { RatingDistribution } from '../../api/types';

export const CHART_HEIGHT = 180;
/** The twenty values of the scale, 0.5 to 10. */
export const SCALE = Array.from({ length: 20 }, (_, i) => (i + 1) / 2);

/** How many ratings gave each value of the scale, from the server's count of them all. */
export function scaleCounts(distribution: RatingDistribution | undefined): number[] {
  const counts = SCALE.map(() => 0);
  for (const step of distribution?.counts ?? []) {
    const index = Math.round(step.number * 2) - 1;
    if (index >= 0 && index < counts.length) counts[index] = step.count;
  }
  return counts;
}

/** Canvas drawing is missing in some environments (happy-dom under test); uPlot needs it. */
export function canDraw(): boolean {
  try {
    return typeof window.matchMedia === 'function' && document.createElement('canvas').getContext('2d') != null;
  } catch {
    return false;
  }
}

/** A sentence for screen readers: the chart itself is a picture. */
function describe(counts: number[]): string {
  const parts = SCALE.map((value, i) => (counts[i] ? `${counts[i]} rated ${value}` : '')).filter(Boolean);
  return `Bar chart of ratings from 0.5 to 10: ${parts.join(', ')}.`;
}

/**
 * A distribution of ratings as a bar chart, one bar per value of the scale,
 * in the theme's highlight colour. Calls `onUnavailable` where it can't draw.
 */
export function RatingsChart({
  counts,
  loading,
  onUnavailable,
}: {
  /** How many ratings gave each value of SCALE. */
  counts: number[];
  loading: boolean;
  onUnavailable: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const empty = !loading && counts.every((count) => count === 0);
  const countsKey = counts.join(',');

  useEffect(() => {
    const element = box.current;
    if (!element || loading || empty) return;
    if (!canDraw()) {
      onUnavailable();
      return;
    }
    let removed = false;
    let remove: (() => void) | undefined;
    import('./drawRatingsChart')
      .then(({ drawRatingsChart }) => {
        if (!removed) remove = drawRatingsChart(element, counts);
      })
      .catch(() => {
        if (!removed) onUnavailable();
      });
    return () => {
      removed = true;
      remove?.();
    };
    // countsKey stands for counts, which is a new array on every render.
  }, [countsKey, loading, empty]);

  return (
    <div class="album-chart" role="img" aria-label={loading ? 'Loading data…' : empty ? 'No data to display' : describe(counts)}>
      <div ref={box} class="album-chart-canvas" />
      {loading && <p class="album-chart-overlay">Loading data…</p>}
      {empty && <p class="album-chart-overlay">No data to display</p>}
    </div>
  );
}
