import { describe, expect, it } from 'vitest';
import { rating } from './albumFixtures';
import { ratingCounts, SCALE } from './RatingsChart';
import { preview } from './ReviewsTab';

describe('the ratings chart data', () => {
  it('counts each of the twenty values, skipping library rows', () => {
    const counts = ratingCounts([
      rating(1, 1, 'a', 0.5, '2026-01-01'),
      rating(2, 2, 'b', 10, '2026-01-01'),
      rating(3, 3, 'c', 10, '2026-01-01'),
      rating(4, 4, 'd', 7.5, '2026-01-01'),
      rating(5, 5, 'e', null, '2026-01-01'),
    ]);
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
