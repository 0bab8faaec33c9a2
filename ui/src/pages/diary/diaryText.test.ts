import { describe, expect, it } from 'vitest';
import { monthName } from '../../lib/format';
import { entry } from './diaryFixtures';
import { byMonth, dayOf, listenedLine } from './diaryText';

describe('the diary', () => {
  it('groups listens by month, the latest first, keeping their order', () => {
    const months = byMonth([entry(4, '2026-03-14'), entry(3, '2026-03-02'), entry(2, '2026-01-20'), entry(1, '2025-12-31')]);
    expect(months.map((m) => [m.month, m.entries.map((e) => e.entryId)])).toEqual([
      ['2026-03', [4, 3]],
      ['2026-01', [2]],
      ['2025-12', [1]],
    ]);
    expect(monthName('2026-03')).toBe('March 2026');
  });

  it('says how often the member listened and when last', () => {
    expect(listenedLine(1, '2026-03-12')).toBe('Listened once, on March 12th, 2026');
    expect(listenedLine(2, '2026-03-12')).toBe('Listened twice, last on March 12th, 2026');
    expect(listenedLine(3, '2026-03-02')).toBe('Listened 3 times, last on March 2nd, 2026');
  });

  it('names the day and its weekday whatever the reader\'s time zone', () => {
    expect(dayOf('2026-03-12')).toEqual({ day: '12', weekday: 'Thu' });
    expect(dayOf('not a day')).toEqual({ day: 'not a day', weekday: '' });
  });
});
