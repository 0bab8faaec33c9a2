import { describe, expect, it } from 'vitest';
import type { Album } from '../../api/types';
import { arrange, decadeLabel, figures, genreOptions, groupingOptions, letterOf, secondaryOptions, settle, type Entry, type View } from './grouping';

let next = 0;
function entry(artist: string, title: string, year: number, number: number | null, genres: string[] = []): Entry {
  next += 1;
  const album = {
    albumId: next,
    artistId: artist.length,
    artist,
    title,
    releaseYear: year,
    genres: genres.map((name) => ({ name, slug: name.toLowerCase() })),
  } as unknown as Album;
  return { key: String(next), album, number, row: { ratingId: next } };
}

const view = (change: Partial<View> = {}): View => ({ mode: 'ratings', grouping: 'artist', secondary: 'none', genre: 'All', ...change });

const SHELF = [
  entry('The Cure', 'Disintegration', 1989, 9, ['Gothic Rock']),
  entry('Radiohead', 'Kid A', 2000, 8.5, ['Art Rock', 'Electronic']),
  entry('Cocteau Twins', 'Heaven or Las Vegas', 1990, 10, ['Dream Pop']),
  entry('Radiohead', 'OK Computer', 1997, 10, ['Art Rock']),
  entry('Björk', 'Homogenic', 1997, null, ['Electronic']),
  entry('!!!', 'Myth Takes', 2007, 6),
];

describe('grouping', () => {
  it("files by first letter, ignoring a leading 'The', letters ascending and symbols last", () => {
    expect(letterOf('The Cure')).toBe('C');
    expect(letterOf('Björk')).toBe('B');
    expect(letterOf('!!!')).toBe('#');
    const groups = arrange(SHELF, view());
    expect(groups.map((g) => g.label)).toEqual(['B', 'C', 'R', '#']);
    expect(groups[1].entries.map((e) => e.album.artist)).toEqual(['Cocteau Twins', 'The Cure']);
  });

  it("labels decades like '1990 - 1999' and lists decades, years and ratings descending", () => {
    expect(decadeLabel(1997)).toBe('1990 - 1999');
    expect(decadeLabel(2000)).toBe('2000 - 2009');
    expect(arrange(SHELF, view({ grouping: 'decade' })).map((g) => g.label)).toEqual(['2000 - 2009', '1990 - 1999', '1980 - 1989']);
    expect(arrange(SHELF, view({ grouping: 'year' })).map((g) => g.label)).toEqual(['2007', '2000', '1997', '1990', '1989']);
    expect(arrange(SHELF, view({ grouping: 'rating' })).map((g) => g.label)).toEqual(['10.0', '9.0', '8.5', '6.0', 'Not Rated']);
  });

  it('sorts inside each group by the secondary choice', () => {
    const byAlbum = arrange(SHELF, view({ grouping: 'decade', secondary: 'album' }));
    expect(byAlbum[1].entries.map((e) => e.album.title)).toEqual(['Heaven or Las Vegas', 'Homogenic', 'OK Computer']);
    const byRating = arrange(SHELF, view({ grouping: 'decade', secondary: 'rating' }));
    expect(byRating[1].entries.map((e) => e.number)).toEqual([10, 10, null]);
  });

  it('offers neither the primary choice nor Decade as the secondary, and resets an equal one', () => {
    expect(secondaryOptions({ mode: 'ratings', grouping: 'year' }).map(([key]) => key)).toEqual(['artist', 'album', 'rating', 'none']);
    expect(secondaryOptions({ mode: 'wishlist', grouping: 'artist' }).map(([key]) => key)).toEqual(['album', 'year', 'none']);
    expect(settle(view({ grouping: 'year', secondary: 'year' })).secondary).toBe('none');
    expect(settle(view({ grouping: 'year', secondary: 'album' })).secondary).toBe('album');
  });

  it('sends a wishlist grouped by rating back to alphabetical by artist', () => {
    expect(groupingOptions('wishlist').map(([key]) => key)).not.toContain('rating');
    expect(groupingOptions('ratings').map(([key]) => key)).toContain('rating');
    const switched = settle(view({ mode: 'wishlist', grouping: 'rating', secondary: 'artist' }));
    expect(switched.grouping).toBe('artist');
    expect(switched.secondary).toBe('none');
  });

  it("filters by genre, offering 'All' and the genres present", () => {
    expect(genreOptions(SHELF)).toEqual(['All', 'Art Rock', 'Dream Pop', 'Electronic', 'Gothic Rock']);
    const electronic = arrange(SHELF, view({ genre: 'Electronic', grouping: 'none' }));
    expect(electronic[0].entries.map((e) => e.album.title).sort()).toEqual(['Homogenic', 'Kid A']);
    expect(arrange(SHELF, view({ genre: 'Shoegaze' }))).toEqual([]);
  });

  it('counts artists and numbered ratings and averages them', () => {
    expect(figures(arrange(SHELF, view()))).toEqual({ artists: 5, ratings: 5, average: (9 + 8.5 + 10 + 10 + 6) / 5 });
    expect(figures([])).toEqual({ artists: 0, ratings: 0, average: null });
  });
});
