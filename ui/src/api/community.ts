// One typed function per community call. The caller is always the token's
// user, so no call sends a userId.
import { api } from './client';
import { allPages } from './paged';
import { pathSegment } from './pathSegment';
import type {
  Comment,
  CommentPage,
  FeaturedReview,
  Post,
  PostPage,
  ProfileStats,
  Rating,
  RatingDistribution,
  RecentComment,
  Review,
  ReviewPage,
  Shout,
  ValidAlbum,
  Vote,
  VoteResult,
  WishlistItem,
} from './types';

const seg = pathSegment;

/** Lists read whole are read this many at a time (the server's default page for them). */
const BIG_PAGE = 2000;

export type CommentTarget = { albumId: number } | { reviewId: number } | { postId: number } | { listId: number };

export const communityApi = {
  rate: (albumId: number, artistId: number, number: number | null) =>
    api<Rating>('/rating', { method: 'POST', body: { albumId, artistId, number } }),
  deleteRating: (ratingId: number) => api<void>(`/rating/${ratingId}`, { method: 'DELETE' }),
  /** The whole list: the library groups and sorts it all. */
  ratingsOfUser: (userId: number) =>
    allPages((page, limit) => api<Rating[]>(`/rating/user/${userId}?page=${page}&limit=${limit}`), BIG_PAGE),
  ratingsOfUsername: (username: string, page = 1, limit = BIG_PAGE) =>
    api<Rating[]>(`/rating/user/name/${seg(username)}?page=${page}&limit=${limit}`),
  ratingsOfAlbum: (albumId: number, page = 1, limit = 100) =>
    api<Rating[]>(`/rating/album/${albumId}?page=${page}&limit=${limit}`),
  ratingDistribution: (albumId: number) => api<RatingDistribution>(`/rating/album/${albumId}/distribution`),

  wishlist: (userId: number) =>
    allPages((page, limit) => api<WishlistItem[]>(`/wishlistitem/user/${userId}?page=${page}&limit=${limit}`), BIG_PAGE),
  wishlistEntry: (userId: number, albumId: number) =>
    api<WishlistItem | null>(`/wishlistitem/user/${userId}/${albumId}`),
  addToWishlist: (albumId: number, albumTitle: string) =>
    api<WishlistItem>('/wishlistitem', { method: 'POST', body: { albumId, albumTitle } }),
  removeFromWishlist: (id: number) => api<void>(`/wishlistitem/${id}`, { method: 'DELETE' }),

  featuredReviews: (limit: number) => api<FeaturedReview[]>(`/review/featured?limit=${limit}`),
  recentReviews: (limit = 10) => api<Review[]>(`/review/recent?limit=${limit}`),
  reviewsOfAlbum: (title: string, page = 1, limit = 20) =>
    api<Review[]>(`/review/${seg(title)}?page=${page}&limit=${limit}`),
  review: (albumTitle: string, reviewId: number) =>
    api<ReviewPage>(`/review/${seg(albumTitle)}/${reviewId}`),
  reviewsOfUser: (username: string, page = 1, limit = 20) =>
    api<Review[]>(`/review/user/${seg(username)}?page=${page}&limit=${limit}`),
  validateReview: (artist: string, album: string) =>
    api<ValidAlbum>('/review/validate', {
      method: 'POST',
      body: { artist, album },
    }),
  writeReview: (artistName: string, albumName: string, reviewText: string) =>
    api<Review>('/review', { method: 'POST', body: { artistName, albumName, reviewText } }),
  deleteReview: (reviewId: number) => api<void>(`/review/${reviewId}`, { method: 'DELETE' }),

  vote: (target: { reviewId: number } | { postId: number }, isThumbsUp: boolean) =>
    api<VoteResult>('/reviewvote', { method: 'POST', body: { ...target, isThumbsUp } }),
  votesReceived: (username: string) => api<Vote[]>(`/reviewvote/user/${seg(username)}`),

  comments: (kind: 'album' | 'review' | 'post' | 'list', id: number, page: number) =>
    api<CommentPage>(`/comment/${kind}/${id}?page=${page}`),
  recentComments: (kind: 'all' | 'album' | 'review' | 'post') =>
    api<RecentComment[]>(kind === 'all' ? '/comment/recent' : `/comment/recent/${kind}`),
  commentsOfUser: (username: string) => api<Comment[]>(`/comment/user/${seg(username)}`),
  comment: (target: CommentTarget, commentText: string) =>
    api<Comment>('/comment', { method: 'POST', body: { ...target, commentText } }),
  deleteComment: (id: number) => api<void>(`/comment/${id}`, { method: 'DELETE' }),

  shouts: (username: string, page = 1, limit = 20) =>
    api<Shout[]>(`/shout/user/${seg(username)}?page=${page}&limit=${limit}`),
  shout: (recipientUsername: string, shoutText: string) =>
    api<Shout>('/shout', { method: 'POST', body: { recipientUsername, shoutText } }),
  deleteShout: (id: number) => api<void>(`/shout/${id}`, { method: 'DELETE' }),

  recentPosts: (limit = 10) => api<Post[]>(`/post/recent?limit=${limit}`),
  post: (postId: number) => api<PostPage>(`/post/${postId}`),
  postsOfUser: (username: string, page = 1, limit = 20) =>
    api<Post[]>(`/post/user/${seg(username)}?page=${page}&limit=${limit}`),
  writePost: (title: string, postText: string) =>
    api<Post>('/post', { method: 'POST', body: { title, postText } }),
  editPost: (postId: number, updatedPostText: string) =>
    api<Post>(`/post/${postId}`, { method: 'PATCH', body: { updatedPostText } }),

  profileStats: (username: string) => api<ProfileStats>(`/user/username/${seg(username)}/stats`),
};
