import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { useViewer } from './queries';
import type { GenreVote, GenreVotes } from './types';
import { underViewer } from './viewerCache';

/** Members' votes of an album's genres, and the editors' lock. */
export const genreVotesApi = {
  of: (albumId: number) => api<GenreVotes>(`/album/${albumId}/genre-votes`),
  vote: (albumId: number, votes: GenreVote[]) =>
    api<GenreVotes>(`/album/${albumId}/genre-votes`, { method: 'PUT', body: { votes } }),
  lock: (albumId: number, locked: boolean) =>
    api<GenreVotes>(`/album/${albumId}/genre-lock`, { method: 'PUT', body: { locked } }),
};

export const genreVoteKeys = {
  of: (albumId: number) => ['genre-votes', albumId] as const,
};

/** The query of an album's genre votes as `viewer` sees them, for asking ahead too. */
export function genreVotesQuery(albumId: number, viewer: number) {
  return { queryKey: underViewer(genreVoteKeys.of(albumId), viewer), queryFn: () => genreVotesApi.of(albumId) };
}

/** An album's genre votes with the reader's own. */
export function useGenreVotes(albumId: number, enabled = true) {
  return useQuery({ ...genreVotesQuery(albumId, useViewer()), enabled });
}

/** 'Genres by 4 members' votes', or how far the votes are from deciding. */
export function votesLine(votes: Pick<GenreVotes, 'voters' | 'enoughVoters' | 'decided' | 'locked'>): string {
  if (votes.locked) return 'Genres locked by the editors.';
  if (votes.decided) return `Genres by ${votes.voters} members' votes.`;
  const needed = votes.enoughVoters - votes.voters;
  return `Editors' genres: members' votes decide once ${votes.enoughVoters} have voted (${needed} more needed).`;
}
