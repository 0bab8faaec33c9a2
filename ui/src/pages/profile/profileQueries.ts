// A member's public data for their profile, cached like every list (ten minutes).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { communityApi } from '../../api/community';
import { pathSegment } from '../../api/pathSegment';
import { allPages, usePagedList } from '../../api/paged';
import { useViewer, useViewerQuery } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import type { PublicUser, RatedTrack } from '../../api/types';

export const profileKeys = {
  user: (name: string) => ['profile-user', name.toLowerCase()] as const,
  stats: (name: string) => ['profile-stats', name.toLowerCase()] as const,
  ratings: (name: string) => ['user-ratings', name.toLowerCase()] as const,
  reviews: (name: string) => ['user-reviews', name.toLowerCase()] as const,
  posts: (name: string) => ['user-posts', name.toLowerCase()] as const,
  shouts: (name: string) => ['user-shouts', name.toLowerCase()] as const,
  topTracks: (name: string) => ['user-top-tracks', name.toLowerCase()] as const,
};

export function useProfileUser(name: string) {
  return useQuery({
    queryKey: profileKeys.user(name),
    queryFn: () => api<PublicUser>(`/user/username/${pathSegment(name)}`),
  });
}

export function useProfileStats(name: string) {
  return useQuery({ queryKey: profileKeys.stats(name), queryFn: () => communityApi.profileStats(name) });
}

/**
 * Every rating of the member, read page by page (the tab groups them all by
 * value). Each album carries the viewer's own rating as userRating.
 */
export function useUserRatings(name: string) {
  return useViewerQuery(profileKeys.ratings(name), () =>
    allPages((page, limit) => communityApi.ratingsOfUsername(name, page, limit), RATINGS_PAGE),
  );
}

const RATINGS_PAGE = 2000;
const LIST_PAGE = 20;

// A member's reviews, posts and shouts hold hidden ones for their author and the admins only.

export function useUserReviews(name: string) {
  return usePagedList({
    key: underViewer(profileKeys.reviews(name), useViewer()),
    fetchPage: (page, limit) => communityApi.reviewsOfUser(name, page, limit),
    limit: LIST_PAGE,
    idOf: (review) => review.reviewId,
  });
}

export function useUserPosts(name: string) {
  return usePagedList({
    key: underViewer(profileKeys.posts(name), useViewer()),
    fetchPage: (page, limit) => communityApi.postsOfUser(name, page, limit),
    limit: LIST_PAGE,
    idOf: (post) => post.postId,
  });
}

export function useShouts(name: string) {
  return usePagedList({
    key: underViewer(profileKeys.shouts(name), useViewer()),
    fetchPage: (page, limit) => communityApi.shouts(name, page, limit),
    limit: LIST_PAGE,
    idOf: (shout) => shout.shoutId,
  });
}

/** The member's ten best rated tracks. */
export function useTopTracks(name: string) {
  return useViewerQuery(profileKeys.topTracks(name), () => api<RatedTrack[]>(`/user/username/${pathSegment(name)}/top-tracks`));
}
