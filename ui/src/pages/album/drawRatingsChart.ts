// uPlot and its styles load with the first chart drawn, not with the first page.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_HEIGHT, SCALE } from './RatingsChart';

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

/** Draws `counts` into `element`, and redraws it at the element's width as the window narrows. Returns how to remove it. */
export function drawRatingsChart(element: HTMLElement, counts: number[]): () => void {
  const chart = new uPlot(chartOptions(element.clientWidth || 360, element), [SCALE, counts], element);
  const observer =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }))
      : null;
  observer?.observe(element);
  return () => {
    observer?.disconnect();
    chart.destroy();
  };
}
