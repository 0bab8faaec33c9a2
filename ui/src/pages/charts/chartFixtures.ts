// Server answers shared by the chart screens' tests.
import type { Album, Chart, Genre } from '../../api/types';

export function album(albumId: number, title: string, extra: Partial<Album> = {}): Album {
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  return {
    albumId,
    title,
    slug,
    artist: 'Slowdive',
    artistId: 7,
    artistSlug: 'slowdive',
    releaseDate: '1993-05-03',
    releaseDatePrecision: 'day',
    releaseYear: 1993,
    pictureUrl: '',
    type: 'LP',
    genres: [{ name: 'Shoegaze', slug: 'shoegaze' }],
    styles: [],
    averageRating: 9.4375,
    numberOfRatings: 24,
    numberOfReviews: 0,
    userRating: null,
    ...extra,
  };
}

/** `count` albums numbered from `from`, titled 'Album {n}'. */
export function albums(from: number, count: number): Album[] {
  return Array.from({ length: count }, (_, index) => album(from + index, `Album ${from + index}`));
}

export function chart(topTen: Album[], mostPopular: Album[] = topTen, mostRecent: Album[] = topTen): Chart {
  return { topTen, mostPopular, mostRecent };
}

export const shoegaze: Genre = {
  genreId: 12,
  name: 'Shoegaze',
  slug: 'shoegaze',
  description: 'Dreamy, guitar-heavy rock with vocals buried in the mix.',
};

export const rock: Genre = { genreId: 1, name: 'Rock', slug: 'rock', description: 'Guitar-driven popular music.' };

const postPunk: Genre = { genreId: 30, name: 'Post-punk', slug: 'post-punk', description: 'After punk.' };

/** Unsorted on purpose: the selector sorts them by name. */
export const genres: Genre[] = [shoegaze, rock, postPunk];
