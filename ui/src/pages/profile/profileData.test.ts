import { describe, expect, it } from 'vitest';
import type { Rating } from '../../api/types';
import { averageText, groupByValue, pieSlices } from './profileData';

function rating(number: number | null, artist: string, title: string): Rating {
  return { number, album: { artist, title } } as unknown as Rating;
}

describe('pieSlices', () => {
  it('is empty without genres and a whole circle for one', () => {
    expect(pieSlices([])).toEqual([]);
    const [whole] = pieSlices([{ name: 'Rock', count: 3, percentage: 100 }]);
    expect(whole.path).toContain('A 1 1 0 1 1 0 1');
  });

  it('starts at twelve o’clock and follows the counts clockwise', () => {
    const [half, quarter, rest] = pieSlices([
      { name: 'Rock', count: 2, percentage: 50 },
      { name: 'Pop', count: 1, percentage: 25 },
      { name: 'Jazz', count: 1, percentage: 25 },
    ]);
    expect(half.path).toBe('M 0 0 L 0.0000 -1.0000 A 1 1 0 0 1 0.0000 1.0000 Z');
    expect(quarter.path).toBe('M 0 0 L 0.0000 1.0000 A 1 1 0 0 1 -1.0000 0.0000 Z');
    expect(rest.path).toBe('M 0 0 L -1.0000 0.0000 A 1 1 0 0 1 -0.0000 -1.0000 Z');
    expect([half, quarter, rest].map((slice) => slice.percentage)).toEqual([50, 25, 25]);
  });

  it('marks a slice over half the pie as the large arc', () => {
    const [big] = pieSlices([
      { name: 'Rock', count: 3, percentage: 75 },
      { name: 'Pop', count: 1, percentage: 25 },
    ]);
    expect(big.path).toContain('A 1 1 0 1 1');
  });
});

describe('groupByValue', () => {
  it('groups by value, highest first, albums by artist then title, leaving library entries out', () => {
    const groups = groupByValue([
      rating(8, 'Radiohead', 'Kid A'),
      rating(10, 'Björk', 'Homogenic'),
      rating(null, 'Can', 'Tago Mago'),
      rating(8, 'Air', 'Moon Safari'),
      rating(8, 'air', 'Talkie Walkie'),
    ]);
    expect(groups.map((group) => group.number)).toEqual([10, 8]);
    expect(groups[1].ratings.map((r) => r.album!.title)).toEqual(['Moon Safari', 'Talkie Walkie', 'Kid A']);
  });
});

describe('averageText', () => {
  it("reads out of 10 with two decimals", () => {
    expect(averageText(7.457)).toBe('7.46 / 10');
    expect(averageText(null)).toBe('None yet');
  });
});
