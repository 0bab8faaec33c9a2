// The server's JSON shapes (see /api/openapi.json).

import type { PublicUser } from './auth';

export interface Author {
  userId: number;
  username: string;
  profilePictureUrl: string;
}

export type AlbumType = 'LP' | 'EP' | 'Live' | 'Other';

export interface GenreName {
  name: string;
  slug: string;
}

export interface Album {
  albumId: number;
  title: string;
  slug: string;
  artist: string;
  artistId: number;
  artistSlug: string;
  releaseDate: string;
  releaseYear: number;
  pictureUrl: string;
  type: AlbumType;
  genres: GenreName[];
  styles: string[];
  averageRating: number;
  numberOfRatings: number;
  numberOfReviews: number;
  userRating: number | null;
}

export interface Artist {
  artistId: number;
  name: string;
  slug: string;
  description: string;
  pictureUrl: string;
  averageRating: number;
  numberOfRatings: number;
}

export interface Genre {
  genreId: number;
  name: string;
  slug: string;
  description: string;
}

export interface Chart {
  topTen: Album[];
  mostPopular: Album[];
  mostRecent: Album[];
}

export interface SearchResults {
  artists: Array<{ artistId: number; name: string; slug: string; pictureUrl: string }>;
  albums: Array<{
    albumId: number;
    title: string;
    slug: string;
    artist: string;
    artistSlug: string;
    pictureUrl: string;
    releaseYear: number;
    type: AlbumType;
  }>;
}

export interface Rating {
  ratingId: number;
  albumId: number;
  artistId: number;
  userId: number;
  number: number | null;
  createdAt: string;
  updatedAt: string;
  user: Author;
  album?: Album;
}

export interface WishlistItem {
  wishlistitemId: number;
  userId: number;
  albumId: number;
  albumTitle: string;
  createdAt: string;
  album: Album | null;
}

export interface Review {
  reviewId: number;
  albumId: number;
  albumTitle: string;
  albumSlug: string;
  artist: string;
  artistSlug: string;
  albumPictureUrl: string;
  reviewText: string;
  reviewRating: number | null;
  createdAt: string;
  updatedAt: string;
  votesUp: number;
  votesDown: number;
  user: Author;
}

export interface FeaturedReview extends Review {
  preview: string;
}

export interface Vote {
  voteId: number;
  userId: number;
  reviewId: number | null;
  postId: number | null;
  isThumbsUp: boolean;
  createdAt: string;
}

export interface VoteResult {
  userVote: boolean | null;
  votesUp: number;
  votesDown: number;
}

export interface ReviewPage extends Review {
  previousReviewId: number | null;
  nextReviewId: number | null;
  totalReviewsByUser: number;
  reviewVotes: Vote[];
  userVote: boolean | null;
}

export interface Post {
  postId: number;
  title: string;
  postText: string;
  createdAt: string;
  updatedAt: string;
  votesUp: number;
  votesDown: number;
  userPostCount: number;
  user: Author;
}

export interface PostPage extends Post {
  postVotes: Vote[];
  userVote: boolean | null;
}

export interface Comment {
  commentId: number;
  commentText: string;
  userId: number;
  albumId: number | null;
  reviewId: number | null;
  postId: number | null;
  createdAt: string;
  rating: number | null;
  user: Author;
}

export interface CommentPage {
  data: Comment[];
  totalPages: number;
  totalAlbumComments?: number;
  totalReviewComments?: number;
  totalPostComments?: number;
}

export interface RecentComment {
  comment: Comment;
  album: Album | null;
  post: { postId: number; title: string } | null;
  reviewId: number | null;
}

export interface Shout {
  shoutId: number;
  shoutText: string;
  userId: number;
  recipientUsername: string;
  createdAt: string;
  user: Author;
}

export interface ProfileStats {
  joined: string;
  ratingsCount: number;
  libraryCount: number;
  commentsCount: number;
  reviewsCount: number;
  shoutsCount: number;
  postsCount: number;
  approval: number | null;
  score: number;
  favouriteGenre: string | null;
  averageRating: number | null;
  ratingDistribution: Array<{ number: number; count: number }>;
  topGenres: Array<{ name: string; slug: string; count: number; percentage: number }>;
  topAlbums: Album[];
  recentlyRated: Album[];
  recentlyCommented: Album[];
}

export type { PublicUser };

/** How many ratings gave each of the twenty values (GET /rating/album/{id}/distribution). */
export interface RatingDistribution {
  albumId: number;
  total: number;
  counts: Array<{ number: number; count: number }>;
}
