// Approval of a review or post: the share of thumbs up, and its colour band.
import { plural } from './words';

export type ApprovalTone = 'none' | 'low' | 'fair' | 'high';

/** Thumbs up over all votes, as a whole percentage; null with no votes. */
export function approvalPercent(votesUp: number, votesDown: number): number | null {
  const total = votesUp + votesDown;
  return total === 0 ? null : Math.round((votesUp / total) * 100);
}

/** Red below 50, yellow from 50, green above 70, grey with no votes. */
export function approvalTone(percent: number | null): ApprovalTone {
  if (percent == null) return 'none';
  if (percent > 70) return 'high';
  if (percent >= 50) return 'fair';
  return 'low';
}

export function approvalText(percent: number | null): string {
  return percent == null ? 'No Votes' : `${percent}%`;
}

export function votesText(count: number): string {
  return plural(count, 'Vote');
}
