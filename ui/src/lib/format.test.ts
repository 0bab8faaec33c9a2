import { describe, expect, it } from 'vitest';
import { average, longDate, ordinal, ratingsCount, userRating } from './format';

describe('dates', () => {
  it('uses ordinal days with 11th to 13th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st',
    ]);
  });

  it('formats release dates as long month, ordinal day, year', () => {
    expect(longDate('2020-03-03')).toBe('March 3rd, 2020');
    expect(longDate('1997-05-21')).toBe('May 21st, 1997');
    expect(longDate('1999-12-12')).toBe('December 12th, 1999');
    expect(longDate('unknown')).toBe('unknown');
  });
});

describe('ratings', () => {
  it('shows averages with 2 decimals and user ratings with 1', () => {
    expect(average(7.456, 3)).toBe('7.46');
    expect(average(10, 1)).toBe('10.00');
    expect(userRating(8)).toBe('8.0');
    expect(userRating(null)).toBe('Not Rated');
    expect(ratingsCount(0)).toBe('(0 ratings)');
    expect(ratingsCount(12)).toBe('(12 ratings)');
  });

  it("says 'No ratings' instead of an average of 0.00 when nobody has rated", () => {
    expect(average(0, 0)).toBe('No ratings');
    // The server's placeholder average is ignored whatever it is.
    expect(average(5, 0)).toBe('No ratings');
    expect(average(null, 0)).toBe('No ratings');
    expect(average(undefined, 4)).toBe('No ratings');
  });
});
