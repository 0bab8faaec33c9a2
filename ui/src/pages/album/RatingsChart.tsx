import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RatingDistribution } from '../../api/types';

const CHART_HEIGHT = 180;
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

function cssColour(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function chartOptions(width: number, element: Element): uPlot.Options {
  const highlight = cssColour(element, '--highlight', '#f5b301');
  const muted = cssColour(element, '--muted', '#a3a7b7');
  const grid = cssColour(element, '--surface-strong', 'rgba(255,255,255,0.12)');
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [0, 10.5] },
      y: { range: (_self, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      {
        stroke: muted,
        grid: { show: false },
        ticks: { stroke: grid },
        splits: () => [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      },
      {
        stroke: muted,
        size: 36,
        grid: { stroke: grid },
        ticks: { show: false },
        // Counts are whole numbers.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
        values: (_self, splits) => splits.map((value) => value.toFixed(0)),
      },
    ],
    series: [
      {},
      {
        label: 'Ratings',
        fill: highlight,
        stroke: highlight,
        paths: uPlot.paths.bars!({ size: [0.8, 24] }),
        points: { show: false },
      },
    ],
  };
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
    let chart: uPlot;
    try {
      chart = new uPlot(chartOptions(element.clientWidth || 360, element), [SCALE, counts], element);
    } catch {
      onUnavailable();
      return;
    }
    // The panel narrows with the window on phones; the chart follows it.
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }))
        : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
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
