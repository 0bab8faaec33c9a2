// One typed function per community call. The caller is always the token's
// user, so no call sends a userId.
import { api } from './client';
import { pathSegment } from './pathSegment';
import type {
  Comment,
  CommentPage,
  FeaturedReview,
  Post,
  PostPage,
  ProfileStats,
  Rating,
  RecentComment,
  Review,
  ReviewPage,
  Shout,
  Vote,
  VoteResult,
  WishlistItem,
} from './types';

const seg = pathSegment;

export type CommentTarget = { albumId: number } | { reviewId: number } | { postId: number };

export const communityApi = {
  rate: (albumId: number, artistId: number, number: number | null) =>
    api<Rating>('/rating', { method: 'POST', body: { albumId, artistId, number } }),
  deleteRating: (ratingId: number) => api<void>(`/rating/${ratingId}`, { method: 'DELETE' }),
  ratingsOfUser: (userId: number) => api<Rating[]>(`/rating/user/${userId}`),
  ratingsOfUsername: (username: string) => api<Rating[]>(`/rating/user/name/${seg(username)}`),
  ratingsOfAlbum: (albumId: number) => api<Rating[]>(`/rating/album/${albumId}`),

  wishlist: (userId: number) => api<WishlistItem[]>(`/wishlistitem/user/${userId}`),
  wishlistEntry: (userId: number, albumId: number) =>
    api<WishlistItem | null>(`/wishlistitem/user/${userId}/${albumId}`),
  addToWishlist: (albumId: number, albumTitle: string) =>
    api<WishlistItem>('/wishlistitem', { method: 'POST', body: { albumId, albumTitle } }),
  removeFromWishlist: (id: number) => api<void>(`/wishlistitem/${id}`, { method: 'DELETE' }),

  featuredReviews: () => api<FeaturedReview[]>('/review/featured'),
  recentReviews: (limit = 10) => api<Review[]>(`/review/recent?limit=${limit}`),
  reviewsOfAlbum: (title: string) => api<Review[]>(`/review/${seg(title)}`),
  review: (albumTitle: string, reviewId: number) =>
    api<ReviewPage>(`/review/${seg(albumTitle)}/${reviewId}`),
  reviewsOfUser: (username: string) => api<Review[]>(`/review/user/${seg(username)}`),
  validateReview: (artist: string, album: string) =>
    api<{ artist: string; album: string; albumSlug: string; artistSlug: string }>('/review/validate', {
      method: 'POST',
      body: { artist, album },
    }),
  writeReview: (artistName: string, albumName: string, reviewText: string) =>
    api<Review>('/review', { method: 'POST', body: { artistName, albumName, reviewText } }),
  deleteReview: (reviewId: number) => api<void>(`/review/${reviewId}`, { method: 'DELETE' }),

  vote: (target: { reviewId: number } | { postId: number }, isThumbsUp: boolean) =>
    api<VoteResult>('/reviewvote', { method: 'POST', body: { ...target, isThumbsUp } }),
  votesReceived: (username: string) => api<Vote[]>(`/reviewvote/user/${seg(username)}`),

  comments: (kind: 'album' | 'review' | 'post', id: number, page: number) =>
    api<CommentPage>(`/comment/${kind}/${id}?page=${page}`),
  recentComments: (kind: 'all' | 'album' | 'review' | 'post') =>
    api<RecentComment[]>(kind === 'all' ? '/comment/recent' : `/comment/recent/${kind}`),
  commentsOfUser: (username: string) => api<Comment[]>(`/comment/user/${seg(username)}`),
  comment: (target: CommentTarget, commentText: string) =>
    api<Comment>('/comment', { method: 'POST', body: { ...target, commentText } }),
  deleteComment: (id: number) => api<void>(`/comment/${id}`, { method: 'DELETE' }),

  shouts: (username: string) => api<Shout[]>(`/shout/user/${seg(username)}`),
  shout: (recipientUsername: string, shoutText: string) =>
    api<Shout>('/shout', { method: 'POST', body: { recipientUsername, shoutText } }),
  deleteShout: (id: number) => api<void>(`/shout/${id}`, { method: 'DELETE' }),

  recentPosts: (limit = 10) => api<Post[]>(`/post/recent?limit=${limit}`),
  post: (postId: number) => api<PostPage>(`/post/${postId}`),
  postsOfUser: (username: string) => api<Post[]>(`/post/user/${seg(username)}`),
  writePost: (title: string, postText: string) =>
    api<Post>('/post', { method: 'POST', body: { title, postText } }),
  editPost: (postId: number, updatedPostText: string) =>
    api<Post>(`/post/${postId}`, { method: 'PATCH', body: { updatedPostText } }),

  profileStats: (username: string) => api<ProfileStats>(`/user/username/${seg(username)}/stats`),
};
