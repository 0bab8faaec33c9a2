import { describe, expect, it } from 'vitest';
import { album } from './chartFixtures';
import { routeParam } from '../../lib/routeParam';
import { chartHeading, chartTitle, titleCase, yearOptions } from './chartText';
import { joinPages } from './useChartPages';

describe('chartHeading', () => {
  it('names the genre, title-cased', () => {
    expect(chartHeading('Top Rated', 'Shoegaze')).toBe('Top Rated Shoegaze Albums:');
    expect(chartHeading('Popular', 'shoegaze')).toBe('Popular Shoegaze Albums:');
    expect(chartHeading('Recent', 'hip hop')).toBe('Recent Hip Hop Albums:');
    expect(chartHeading('Top Rated', 'post-punk')).toBe('Top Rated Post-Punk Albums:');
  });

  it('keeps capitals already there', () => {
    expect(chartHeading('Popular', 'R&B')).toBe('Popular R&B Albums:');
    expect(chartHeading('Popular', 'UK Garage')).toBe('Popular UK Garage Albums:');
  });

  it('leaves the genre out for all genres', () => {
    expect(chartHeading('Top Rated', null)).toBe('Top Rated Albums:');
    expect(chartHeading('Recent', '')).toBe('Recent Albums:');
  });
});

describe('yearOptions', () => {
  it('runs from the current year back to 1900', () => {
    const years = yearOptions(2025);
    expect(years).toHaveLength(126);
    expect(years.slice(0, 3)).toEqual(['2025', '2024', '2023']);
    expect(years.at(-1)).toBe('1900');
  });

  it('follows the year it is given', () => {
    expect(yearOptions(2031)[0]).toBe('2031');
    expect(yearOptions(2031)).toHaveLength(132);
  });
});

describe('the smaller helpers', () => {
  it('title-cases words and hyphenated parts', () => {
    expect(titleCase('neo-soul and dream pop')).toBe('Neo-Soul And Dream Pop');
  });

  it('titles the charts page by year and genre', () => {
    expect(chartTitle('all-time', null)).toBe('All Time Charts');
    expect(chartTitle('1997', 'shoegaze')).toBe('1997 Shoegaze Charts');
    expect(chartTitle('soon', null)).toBe('Charts');
  });

  it('decodes route parameters the router leaves escaped', () => {
    expect(routeParam('r%26b')).toBe('r&b');
    expect(routeParam('100%')).toBe('100%');
    expect(routeParam(undefined)).toBe('');
  });

  it('joins pages list by list, showing an album that moved between pages once', () => {
    const [a, b, c] = [album(1, 'A'), album(2, 'B'), album(3, 'C')];
    const joined = joinPages([
      { topTen: [a, b], mostPopular: [c], mostRecent: [] },
      { topTen: [b, c], mostPopular: [a], mostRecent: [b] },
    ]);
    expect(joined.topTen.map((x) => x.albumId)).toEqual([1, 2, 3]);
    expect(joined.mostPopular.map((x) => x.albumId)).toEqual([3, 1]);
    expect(joined.mostRecent.map((x) => x.albumId)).toEqual([2]);
  });
});
