import { describe, expect, it } from 'vitest';
import { compareCodes, compareNames } from './compare';

describe('compareNames', () => {
  it('orders by letter, case and accents alike', () => {
    expect(['beta', 'Alpha', 'alpha', 'Émile', 'echo'].sort(compareNames)).toEqual(['Alpha', 'alpha', 'beta', 'echo', 'Émile']);
    expect(compareNames('ABBA', 'abba')).toBe(0);
  });
});

describe('compareCodes', () => {
  it('orders ISO times in time', () => {
    expect(['2024-01-02T00:00:00Z', '2023-12-31T23:59:59Z', '2024-01-01T12:00:00Z'].sort(compareCodes)).toEqual([
      '2023-12-31T23:59:59Z',
      '2024-01-01T12:00:00Z',
      '2024-01-02T00:00:00Z',
    ]);
    expect(compareCodes('2024', '2024')).toBe(0);
  });
});
