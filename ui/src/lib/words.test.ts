import { describe, expect, it } from 'vitest';
import { noun, plural, wholeNumber } from './words';

describe('counts', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(plural(1, 'rating')).toBe('1 rating');
    expect(plural(0, 'rating')).toBe('0 ratings');
    expect(plural(2, 'Review')).toBe('2 Reviews');
    expect(plural(3, 'following', 'following')).toBe('3 following');
    expect(noun(1, 'post or review', 'posts and reviews')).toBe('post or review');
    expect(noun(4, 'comment')).toBe('comments');
  });

  it('groups thousands', () => {
    expect(wholeNumber(12000)).toBe('12,000');
    for (const value of [0, 7, 999, 1000, -1234, 1234567, 100000, -999999]) {
      expect(wholeNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
    expect(wholeNumber(1234.5)).toBe('1,234.5');
    expect(plural(1200, 'album')).toBe('1,200 albums');
  });
});
