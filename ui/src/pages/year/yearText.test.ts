import { describe, expect, it } from 'vitest';
import { heatRows, spreadByWhole } from './yearText';

describe('the year page', () => {
  it('lays the days out by month, busiest days darkest', () => {
    const rows = heatRows(2024, [
      { day: '2024-02-29', listens: 4 },
      { day: '2024-03-01', listens: 1 },
    ]);
    expect(rows.map((row) => row.length).slice(0, 3)).toEqual([31, 29, 31]);
    expect(rows[1]![28]).toEqual({ day: '2024-02-29', listens: 4, level: 4 });
    expect(rows[2]![0]!.level).toBe(1);
    expect(rows[2]![1]!.level).toBe(0);
  });

  it('counts ratings by whole number', () => {
    const spread = Array(20).fill(0);
    spread[0] = 1; // 0.5
    spread[1] = 2; // 1
    spread[19] = 3; // 10
    expect(spreadByWhole(spread)).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
  });
});
