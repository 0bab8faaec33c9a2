// Pure grouping, sorting and filtering of a member's library and wishlist.
import type { Album, Rating, WishlistItem } from '../../api/types';
import { compareNames } from '../../lib/compare';

export type Mode = 'ratings' | 'wishlist';
export type Grouping = 'artist' | 'album' | 'rating' | 'year' | 'decade' | 'none';
export type SortKey = Exclude<Grouping, 'decade'>;

const GROUPINGS: ReadonlyArray<readonly [Grouping, string]> = [
  ['artist', 'Alphabetical by artist'],
  ['album', 'Alphabetical by album'],
  ['rating', 'Rating'],
  ['year', 'Year'],
  ['decade', 'Decade'],
  ['none', 'None'],
];

const SORT_LABELS: Record<SortKey, string> = {
  artist: 'Artist',
  album: 'Album',
  rating: 'Rating',
  year: 'Year',
  none: 'None',
};

export const ALL_GENRES = 'All';
const NOT_RATED = 'Not Rated';

/** One album on the shelf, with the member's rating when it has one. */
export interface Entry {
  key: string;
  album: Album;
  number: number | null;
  /** The row it comes from: a rating (or library entry) or a wishlist item. */
  row: { ratingId: number } | { wishlistitemId: number };
}

export interface View {
  mode: Mode;
  grouping: Grouping;
  secondary: SortKey;
  genre: string;
}

export interface Group {
  label: string;
  entries: Entry[];
}

export function fromRatings(ratings: Rating[]): Entry[] {
  return ratings
    .filter((r) => r.album)
    .map((r) => ({ key: `r${r.ratingId}`, album: r.album!, number: r.number, row: { ratingId: r.ratingId } }));
}

export function fromWishlist(items: WishlistItem[]): Entry[] {
  return items
    .filter((i) => i.album)
    .map((i) => ({ key: `w${i.wishlistitemId}`, album: i.album!, number: null, row: { wishlistitemId: i.wishlistitemId } }));
}

/** Rating grouping means nothing for a wishlist. */
export function groupingOptions(mode: Mode): ReadonlyArray<readonly [Grouping, string]> {
  return mode === 'wishlist' ? GROUPINGS.filter(([key]) => key !== 'rating') : GROUPINGS;
}

/** The secondary sort offers neither the primary choice nor Decade. */
export function secondaryOptions(view: Pick<View, 'mode' | 'grouping'>): Array<[SortKey, string]> {
  return (Object.keys(SORT_LABELS) as SortKey[])
    .filter((key) => key === 'none' || (key !== view.grouping && !(view.mode === 'wishlist' && key === 'rating')))
    .map((key) => [key, SORT_LABELS[key]]);
}

/**
 * A view after a change, made consistent: a wishlist grouped by rating goes
 * back to alphabetical by artist, and a secondary sort equal to the primary
 * one (or rating in a wishlist) resets to none.
 */
export function settle(view: View): View {
  const grouping = view.mode === 'wishlist' && view.grouping === 'rating' ? 'artist' : view.grouping;
  const unusable = view.secondary === grouping || (view.mode === 'wishlist' && view.secondary === 'rating');
  return { ...view, grouping, secondary: unusable ? 'none' : view.secondary };
}

/** First letter of a name, a leading 'The' ignored; anything but a letter files under '#'. */
export function letterOf(name: string): string {
  const first = name
    .trim()
    .replace(/^the\s+/i, '')
    .normalize('NFD')
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

export function decadeLabel(year: number): string {
  const start = Math.floor(year / 10) * 10;
  return `${start} - ${start + 9}`;
}

function sortName(name: string): string {
  return name.trim().replace(/^the\s+/i, '');
}

const COMPARE: Record<Exclude<SortKey, 'none'>, (a: Entry, b: Entry) => number> = {
  artist: (a, b) => compareNames(sortName(a.album.artist), sortName(b.album.artist)) || compareNames(a.album.title, b.album.title),
  album: (a, b) => compareNames(sortName(a.album.title), sortName(b.album.title)),
  // Highest first; library entries without a number last.
  rating: (a, b) => (b.number ?? -1) - (a.number ?? -1),
  year: (a, b) => b.album.releaseYear - a.album.releaseYear,
};

interface GroupRule {
  label: (entry: Entry) => string;
  /** Orders the group labels. */
  order: (a: string, b: string) => number;
}

const descendingNumbers = (a: string, b: string) => (parseFloat(b) || -1) - (parseFloat(a) || -1);
const lettersAscending = (a: string, b: string) => (a === '#' ? 1 : b === '#' ? -1 : compareNames(a, b));

const GROUP_RULES: Record<Exclude<Grouping, 'none'>, GroupRule> = {
  artist: { label: (e) => letterOf(e.album.artist), order: lettersAscending },
  album: { label: (e) => letterOf(e.album.title), order: lettersAscending },
  rating: { label: (e) => (e.number == null ? NOT_RATED : e.number.toFixed(1)), order: descendingNumbers },
  year: { label: (e) => String(e.album.releaseYear), order: descendingNumbers },
  decade: { label: (e) => decadeLabel(e.album.releaseYear), order: descendingNumbers },
};

function hasGenre(entry: Entry, genre: string): boolean {
  return genre === ALL_GENRES || entry.album.genres.some((g) => g.name === genre);
}

/** 'All', then every genre of the shown albums, sorted. */
export function genreOptions(entries: Entry[]): string[] {
  const names = new Set(entries.flatMap((entry) => entry.album.genres.map((g) => g.name)));
  return [ALL_GENRES, ...[...names].sort(compareNames)];
}

/** The entries of the view's genre, grouped and sorted as the view says. */
export function arrange(entries: Entry[], view: View): Group[] {
  const shown = entries.filter((entry) => hasGenre(entry, view.genre));
  const inGroup = (list: Entry[]) => {
    const sorted = [...list];
    // Without a secondary sort, alphabetical groups still read in their own order.
    const key = view.secondary !== 'none' ? view.secondary : view.grouping === 'artist' || view.grouping === 'album' ? view.grouping : null;
    if (key) sorted.sort(COMPARE[key]);
    return sorted;
  };
  if (view.grouping === 'none') return shown.length ? [{ label: '', entries: inGroup(shown) }] : [];
  const rule = GROUP_RULES[view.grouping];
  const groups = new Map<string, Entry[]>();
  for (const entry of shown) {
    const label = rule.label(entry);
    groups.set(label, [...(groups.get(label) ?? []), entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => rule.order(a, b))
    .map(([label, list]) => ({ label, entries: inGroup(list) }));
}

export interface Figures {
  artists: number;
  ratings: number;
  average: number | null;
}

/** Artists, numbered ratings and their average over the shown entries. */
export function figures(groups: Group[]): Figures {
  const entries = groups.flatMap((group) => group.entries);
  const numbers = entries.map((entry) => entry.number).filter((n): n is number => n != null);
  return {
    artists: new Set(entries.map((entry) => entry.album.artistId)).size,
    ratings: numbers.length,
    average: numbers.length ? numbers.reduce((sum, n) => sum + n, 0) / numbers.length : null,
  };
}
