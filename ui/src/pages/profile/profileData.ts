// Pure shaping of a member's figures for the profile screen.
import type { Rating } from '../../api/types';
import { compareNames } from '../../lib/compare';

export interface PieSlice {
  name: string;
  percentage: number;
  /** SVG path of the slice in a circle of radius 1 centred on 0,0. */
  path: string;
}

/** Slices of a pie in the order given, starting at twelve o'clock, clockwise. */
export function pieSlices(genres: ReadonlyArray<{ name: string; count: number; percentage: number }>): PieSlice[] {
  const total = genres.reduce((sum, genre) => sum + genre.count, 0);
  if (total === 0) return [];
  let start = 0;
  return genres.map((genre) => {
    const share = genre.count / total;
    const end = start + share;
    const slice = { name: genre.name, percentage: genre.percentage, path: arcPath(start, end) };
    start = end;
    return slice;
  });
}

function point(turn: number): string {
  const angle = turn * 2 * Math.PI - Math.PI / 2;
  return `${Math.cos(angle).toFixed(4)} ${Math.sin(angle).toFixed(4)}`;
}

function arcPath(start: number, end: number): string {
  // A whole circle cannot be one arc: its two ends would coincide.
  if (end - start >= 0.9999) return 'M 0 -1 A 1 1 0 1 1 0 1 A 1 1 0 1 1 0 -1 Z';
  const large = end - start > 0.5 ? 1 : 0;
  return `M 0 0 L ${point(start)} A 1 1 0 ${large} 1 ${point(end)} Z`;
}

export interface RatingGroup {
  number: number;
  ratings: Rating[];
}

/** Numbered ratings grouped by value, highest first; albums by artist, then title. */
export function groupByValue(ratings: Rating[]): RatingGroup[] {
  const groups = new Map<number, Rating[]>();
  for (const rating of ratings) {
    if (rating.number == null || !rating.album) continue;
    groups.set(rating.number, [...(groups.get(rating.number) ?? []), rating]);
  }
  const byArtist = (a: Rating, b: Rating) =>
    compareNames(a.album!.artist, b.album!.artist) || compareNames(a.album!.title, b.album!.title);
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([number, list]) => ({ number, ratings: list.sort(byArtist) }));
}

/** Average Rating on the stat card. */
export function averageText(average: number | null): string {
  return average == null ? 'None yet' : `${average.toFixed(2)} / 10`;
}
