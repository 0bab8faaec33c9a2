// The diary's words and grouping, as pure functions.
import type { DiaryEntry } from '../../api/types';
import { longDate } from '../../lib/format';

export interface DiaryMonth {
  month: string;
  entries: DiaryEntry[];
}

/** Entries (the latest first) in runs of one month, `YYYY-MM`. */
export function byMonth(entries: DiaryEntry[]): DiaryMonth[] {
  const months: DiaryMonth[] = [];
  for (const entry of entries) {
    const month = entry.listenedOn.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.month === month) last.entries.push(entry);
    else months.push({ month, entries: [entry] });
  }
  return months;
}

/** "Listened once, on March 12th, 2026" or "Listened 3 times, last on March 12th, 2026". */
export function listenedLine(count: number, lastOn: string): string {
  if (count === 1) return `Listened once, on ${longDate(lastOn)}`;
  const times = count === 2 ? 'twice' : `${count} times`;
  return `Listened ${times}, last on ${longDate(lastOn)}`;
}

/** The day of the month and its weekday: '12', 'Thu'. */
export function dayOf(isoDate: string): { day: string; weekday: string } {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return { day: isoDate, weekday: '' };
  return {
    day: String(date.getUTCDate()),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()] ?? '',
  };
}
