// Display formats of the spec's section 9.

import type { DatePrecision } from '../api/types';
import { plural } from './words';

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** 1st, 2nd, 3rd, 4th ... with 11th, 12th and 13th. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/** '2020-03-03' -> 'March 3rd, 2020'; anything unparseable is shown as given. */
export function longDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (!monthName) return isoDate;
  return `${monthName} ${ordinal(Number(day))}, ${year}`;
}

/** '2026-03' -> 'March 2026'; anything unparseable is shown as given. */
export function monthName(isoMonth: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(isoMonth);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : isoMonth;
}

/** An album's date: the first day of its period, and how much of it is known. */
interface Dated {
  releaseDate: string;
  releaseDatePrecision: DatePrecision;
}

const KNOWN_LENGTH: Record<DatePrecision, number> = { year: 4, month: 7, day: 10 };

/**
 * The known part of a release date as written: '2019', '2008-12' or
 * '2008-12-05'. It is an HTML `datetime` value, and what the forms take back.
 */
export function knownDate({ releaseDate, releaseDatePrecision }: Dated): string {
  return releaseDate.slice(0, KNOWN_LENGTH[releaseDatePrecision] ?? releaseDate.length);
}

/**
 * A release date as far as it is known: '2019', 'December 2008', or in full
 * as 'March 3rd, 2020'. A year or month is not shown as its first day.
 */
export function releaseDate(album: Dated): string {
  const match = /^(\d{4})-(\d{2})/.exec(album.releaseDate);
  if (!match || album.releaseDatePrecision === 'day') return longDate(album.releaseDate);
  const [, year, month] = match;
  if (album.releaseDatePrecision === 'year') return year;
  const monthName = MONTHS[Number(month) - 1];
  return monthName ? `${monthName} ${year}` : album.releaseDate;
}

const NO_RATINGS = 'No ratings';

/**
 * An average with 2 decimals, or 'No ratings' when nobody has rated: the
 * server's 0 for an unrated album would read as the lowest possible score.
 */
export function average(value: number | null | undefined, count: number): string {
  return count > 0 && value != null ? value.toFixed(2) : NO_RATINGS;
}

/** A user's rating with 1 decimal, or 'Not Rated'. */
export function userRating(value: number | null | undefined): string {
  return value == null ? 'Not Rated' : value.toFixed(1);
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (Number.isNaN(seconds) || seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${plural(days, 'day')} ago`;
  return iso.slice(0, 10);
}

export function ratingsCount(count: number): string {
  return `(${plural(count, 'rating')})`;
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** 1536 -> '1.5 KB', 52428800 -> '50 MB' (units of 1024). */
export function byteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value).toString() : Number(value.toFixed(1)).toString();
  return `${shown} ${BYTE_UNITS[unit]}`;
}
