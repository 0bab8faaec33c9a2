// The year page's grid of days and its words, as pure functions.
import type { YearInMusic } from '../../api/types';

export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface HeatCell {
  day: string;
  listens: number;
  /** 0 (none) to 4 (the busiest days). */
  level: number;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** Twelve rows of the year's days, each with its listens and a level of 0 to 4. */
export function heatRows(year: number, days: YearInMusic['days']): HeatCell[][] {
  const listens = new Map(days.map((d) => [d.day, d.listens]));
  const most = Math.max(1, ...days.map((d) => d.listens));
  return MONTH_NAMES.map((_, month) =>
    Array.from({ length: daysIn(year, month) }, (_, n) => {
      const day = `${year}-${String(month + 1).padStart(2, '0')}-${String(n + 1).padStart(2, '0')}`;
      const count = listens.get(day) ?? 0;
      return { day, listens: count, level: count === 0 ? 0 : Math.max(1, Math.ceil((count / most) * 4)) };
    }),
  );
}

/** The half steps' counts as whole-number buckets 1 to 10 (0.5 goes with 1). */
export function spreadByWhole(spread: number[]): number[] {
  return Array.from({ length: 10 }, (_, n) => (spread[2 * n] ?? 0) + (spread[2 * n + 1] ?? 0));
}
