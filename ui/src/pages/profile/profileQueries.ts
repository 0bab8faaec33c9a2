// A member's public data for their profile, cached like every list (ten minutes).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { communityApi } from '../../api/community';
import { pathSegment } from '../../api/pathSegment';
import type { PublicUser } from '../../api/types';

export const profileKeys = {
  user: (name: string) => ['profile-user', name.toLowerCase()] as const,
  stats: (name: string) => ['profile-stats', name.toLowerCase()] as const,
  ratings: (name: string) => ['user-ratings', name.toLowerCase()] as const,
  reviews: (name: string) => ['user-reviews', name.toLowerCase()] as const,
  posts: (name: string) => ['user-posts', name.toLowerCase()] as const,
  shouts: (name: string) => ['user-shouts', name.toLowerCase()] as const,
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

export function useUserRatings(name: string) {
  return useQuery({ queryKey: profileKeys.ratings(name), queryFn: () => communityApi.ratingsOfUsername(name) });
}

export function useUserReviews(name: string) {
  return useQuery({ queryKey: profileKeys.reviews(name), queryFn: () => communityApi.reviewsOfUser(name) });
}

export function useUserPosts(name: string) {
  return useQuery({ queryKey: profileKeys.posts(name), queryFn: () => communityApi.postsOfUser(name) });
}

export function useShouts(name: string) {
  return useQuery({ queryKey: profileKeys.shouts(name), queryFn: () => communityApi.shouts(name) });
}
