import { describe, expect, it } from 'vitest';
import { scaleCounts, SCALE } from './RatingsChart';
import { preview } from './ReviewsTab';

describe('the ratings chart data', () => {
  it('puts the server count of each value at its place on the twenty-step scale', () => {
    const counts = scaleCounts({
      albumId: 1,
      total: 4,
      counts: [
        { number: 10, count: 2 },
        { number: 0.5, count: 1 },
        { number: 7.5, count: 1 },
      ],
    });
    expect(SCALE).toHaveLength(20);
    expect(counts).toHaveLength(20);
    expect(counts[SCALE.indexOf(0.5)]).toBe(1);
    expect(counts[SCALE.indexOf(7.5)]).toBe(1);
    expect(counts[SCALE.indexOf(10)]).toBe(2);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(4);
  });
});

describe('a review preview', () => {
  it('keeps a short text whole and cuts a long one at a word', () => {
    expect(preview('Short  and\nsweet.')).toBe('Short and sweet.');
    const long = 'word '.repeat(100);
    const cut = preview(long);
    expect(cut.length).toBeLessThanOrEqual(221);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
