import { describe, expect, it } from 'vitest';
import { average, byteSize, knownDate, longDate, ordinal, ratingsCount, releaseDate, userRating } from './format';

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

  it('shows a release date only as far as it is known', () => {
    expect(releaseDate({ releaseDate: '2019-01-01', releaseDatePrecision: 'year' })).toBe('2019');
    expect(releaseDate({ releaseDate: '2008-12-01', releaseDatePrecision: 'month' })).toBe('December 2008');
    expect(releaseDate({ releaseDate: '2008-01-01', releaseDatePrecision: 'month' })).toBe('January 2008');
    expect(releaseDate({ releaseDate: '2020-03-03', releaseDatePrecision: 'day' })).toBe('March 3rd, 2020');
    // The first of a month known to the day is still that day.
    expect(releaseDate({ releaseDate: '2019-01-01', releaseDatePrecision: 'day' })).toBe('January 1st, 2019');
    expect(releaseDate({ releaseDate: 'unknown', releaseDatePrecision: 'year' })).toBe('unknown');
  });

  it('writes the known part of a release date as the forms take it', () => {
    expect(knownDate({ releaseDate: '2019-01-01', releaseDatePrecision: 'year' })).toBe('2019');
    expect(knownDate({ releaseDate: '2008-12-01', releaseDatePrecision: 'month' })).toBe('2008-12');
    expect(knownDate({ releaseDate: '2008-12-05', releaseDatePrecision: 'day' })).toBe('2008-12-05');
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
    expect(ratingsCount(1)).toBe('(1 rating)');
    expect(ratingsCount(1200)).toBe('(1,200 ratings)');
  });

  it("says 'No ratings' instead of an average of 0.00 when nobody has rated", () => {
    expect(average(0, 0)).toBe('No ratings');
    // The server's placeholder average is ignored whatever it is.
    expect(average(5, 0)).toBe('No ratings');
    expect(average(null, 0)).toBe('No ratings');
    expect(average(undefined, 4)).toBe('No ratings');
  });
});

describe('admin figures', () => {
  it('writes a day as the suspension messages do, the same way as every other date', () => {
    expect(longDate('2026-12-01T00:00:00Z')).toBe('December 1st, 2026');
    expect(longDate('2027-03-15T23:59:59.000Z')).toBe('March 15th, 2027');
  });

  it('writes a database size in bytes, KB, MB or GB', () => {
    expect(byteSize(512)).toBe('512 bytes');
    expect(byteSize(1536)).toBe('1.5 KB');
    expect(byteSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(byteSize(3 * 1024 ** 3 + 1024 ** 3 / 4)).toBe('3.3 GB');
    expect(byteSize(200.4 * 1024 * 1024)).toBe('200 MB');
  });
});
