import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { pathSegment } from './pathSegment';
import type { ActiveYears, CommunityYear, YearInMusic } from './types';

/** A member's years in music: which years have one, and one year's figures. */
export const yearApi = {
  years: (name: string) => api<ActiveYears>(`/user/username/${pathSegment(name)}/years`),
  year: (name: string, year: number) => api<YearInMusic>(`/user/username/${pathSegment(name)}/year/${year}`),
  imagePath: (name: string, year: number) => `/api/user/username/${pathSegment(name)}/year/${year}/image.svg`,
};

export function useActiveYears(name: string) {
  return useQuery({ queryKey: ['years', name.toLowerCase()], queryFn: () => yearApi.years(name), enabled: name !== '' });
}

export function useYearInMusic(name: string, year: number) {
  return useQuery({ queryKey: ['year-in-music', name.toLowerCase(), year], queryFn: () => yearApi.year(name, year) });
}

/** The community's year: its most listened and most discussed albums. */
export function useCommunityYear(year: string, enabled: boolean) {
  return useQuery({
    queryKey: ['community-year', year],
    queryFn: () => api<CommunityYear>(`/year/${encodeURIComponent(year)}/community`),
    enabled,
  });
}
