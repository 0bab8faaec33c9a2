import { describe, expect, it } from 'vitest';
import { chartSentence } from '../pages/charts/ShapedChartPage';
import { figureText, shapeFromParams, shapeQuery, yearsText } from './shapedCharts';

describe('shaped charts', () => {
  it('keeps every filter in the address and reads it back', () => {
    const query = 'from=1990&to=1999&genres=shoegaze,noise-pop&without=dream-pop&descriptors=dreamy&type=LP&minRatings=5&order=most-divisive';
    const shape = shapeFromParams(new URLSearchParams(query));
    expect(shape.genres).toEqual(['shoegaze', 'noise-pop']);
    expect(shapeQuery(shape)).toBe(query);
  });

  it('names only what differs from the defaults, and ignores an unknown order', () => {
    const shape = shapeFromParams(new URLSearchParams('order=loudest&genres='));
    expect(shape.order).toBe('weighted');
    expect(shapeQuery(shape)).toBe('');
  });

  it('says the years and the figures in words', () => {
    expect(yearsText('1990', '1999')).toBe('1990s');
    expect(yearsText('1991', '1991')).toBe('1991');
    expect(yearsText('1991', '1994')).toBe('1991–1994');
    expect(yearsText('', '1994')).toBe('up to 1994');
    expect(figureText('most-rated', 1)).toBe('1 rating');
    expect(figureText('most-divisive', 2.5)).toBe('spread 2.50');
  });

  it('says the whole chart in one sentence', () => {
    const shape = shapeFromParams(new URLSearchParams('from=1990&to=1999&genres=shoegaze&without=dream-pop&descriptors=dreamy&minRatings=5&order=most-divisive'));
    const genres = [
      { value: 'shoegaze', label: 'shoegaze' },
      { value: 'dream-pop', label: 'dream pop' },
    ];
    expect(chartSentence(shape, genres, [{ value: 'dreamy', label: 'dreamy' }])).toBe(
      'Shoegaze albums of the 1990s, without Dream Pop, described as dreamy, with at least 5 ratings, by most divisive',
    );
  });
});
