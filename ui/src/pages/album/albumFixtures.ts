// Server answers shared by the album page's tests.
import type { Album, Comment, Rating, Review } from '../../api/types';
import { fakeServer, vera } from '../../test/fakeServer';

export const okComputer: Album = {
  albumId: 4,
  title: 'OK Computer',
  slug: 'ok-computer',
  artist: 'Radiohead',
  artistId: 1,
  artistSlug: 'radiohead',
  releaseDate: '1997-05-21',
  releaseDatePrecision: 'day',
  releaseYear: 1997,
  pictureUrl: '',
  type: 'LP',
  genres: [
    { name: 'Alternative Rock', slug: 'alternative-rock' },
    { name: 'Art Rock', slug: 'art-rock' },
  ],
  styles: [],
  averageRating: 9.038461538461538,
  numberOfRatings: 13,
  numberOfReviews: 2,
  userRating: null,
};

const author = (userId: number, username: string) => ({ userId, username, profilePictureUrl: '' });

export function rating(ratingId: number, userId: number, username: string, number: number | null, createdAt: string): Rating {
  return {
    ratingId,
    albumId: okComputer.albumId,
    artistId: okComputer.artistId,
    userId,
    number,
    createdAt,
    updatedAt: createdAt,
    user: author(userId, username),
  };
}

export function comment(commentId: number, userId: number, username: string, commentText: string): Comment {
  return {
    commentId,
    commentText,
    userId,
    albumId: okComputer.albumId,
    reviewId: null,
    postId: null,
    listId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    rating: null,
    hidden: false,
    user: author(userId, username),
  };
}

export function review(reviewId: number, username: string, createdAt: string, reviewText: string): Review {
  return {
    reviewId,
    albumId: okComputer.albumId,
    albumTitle: okComputer.title,
    albumSlug: okComputer.slug,
    artist: okComputer.artist,
    artistSlug: okComputer.artistSlug,
    albumPictureUrl: '',
    reviewText,
    reviewRating: 8,
    createdAt,
    updatedAt: createdAt,
    votesUp: 0,
    votesDown: 0,
    hidden: false,
    imported: false,
    user: author(9, username),
  };
}

export const ALBUM_URL = '/albums/radiohead/ok-computer';

/**
 * The album page's calls answered; `extra` adds or overrides answers. With
 * `member`, a session for that user is stored and answered.
 */
export function albumServer(extra: Record<string, [number, unknown?]> = {}, member: typeof vera | null = null) {
  if (member) localStorage.setItem('halfstar.token', 'token');
  const userId = member?.userId ?? 0;
  const answers: Record<string, [number, unknown?]> = {
    'GET /api/album/name/radiohead/ok-computer': [200, okComputer],
    'GET /api/comment/album/4*': [200, { data: [], totalPages: 0, totalAlbumComments: 0 }],
    'GET /api/list/album/4': [200, { count: 0, lists: [] }],
    'GET /api/album/4/similar': [200, { albums: [], fewestShared: 2 }],
    ...(member
      ? {
          'GET /api/auth/me': [200, member],
          [`GET /api/rating/user/${userId}`]: [200, []],
          [`GET /api/wishlistitem/user/${userId}`]: [200, []],
        }
      : {}),
    ...extra,
  };
  // The table stays live: a test may change an answer between steps.
  return { ...fakeServer(answers), answers };
}
