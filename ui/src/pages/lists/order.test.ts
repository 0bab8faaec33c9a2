import { describe, expect, it } from 'vitest';
import { dropIndex, moveEntry, removeEntry, renumber, shiftWhileDragging } from './order';

const entries = [1, 2, 3, 4].map((id) => ({ entryId: id * 10, position: id }));
const ids = (list: { entryId: number }[]) => list.map((entry) => entry.entryId);
const positions = (list: { position: number }[]) => list.map((entry) => entry.position);

describe('moving an entry', () => {
  it('moves down and up, the others shifting, positions staying 1..n', () => {
    expect(ids(moveEntry(entries, 10, 3))).toEqual([20, 30, 10, 40]);
    expect(ids(moveEntry(entries, 40, 1))).toEqual([40, 10, 20, 30]);
    expect(positions(moveEntry(entries, 40, 1))).toEqual([1, 2, 3, 4]);
  });

  it('clamps to the ends as the server does', () => {
    expect(ids(moveEntry(entries, 20, 0))).toEqual([20, 10, 30, 40]);
    expect(ids(moveEntry(entries, 20, 99))).toEqual([10, 30, 40, 20]);
  });

  it('leaves the list as it was for an unknown entry or the same place, without changing the input', () => {
    expect(ids(moveEntry(entries, 99, 1))).toEqual([10, 20, 30, 40]);
    expect(moveEntry(entries, 20, 2)).toEqual(entries);
    expect(ids(entries)).toEqual([10, 20, 30, 40]);
  });

  it('removes and renumbers', () => {
    const left = removeEntry(entries, 20);
    expect(ids(left)).toEqual([10, 30, 40]);
    expect(positions(left)).toEqual([1, 2, 3]);
    expect(positions(renumber([{ entryId: 1, position: 4 }, { entryId: 2, position: 9 }]))).toEqual([1, 2]);
  });
});

describe('dragging a row', () => {
  // Rows 40px tall with middles at 20, 60, 100, 140.
  const middles = [20, 60, 100, 140];

  it('lands after every other row whose middle it passed', () => {
    expect(dropIndex(middles, 0, 20)).toBe(0);
    expect(dropIndex(middles, 0, 59)).toBe(0);
    expect(dropIndex(middles, 0, 61)).toBe(1);
    expect(dropIndex(middles, 0, 500)).toBe(3);
    expect(dropIndex(middles, 3, -50)).toBe(0);
    expect(dropIndex(middles, 3, 99)).toBe(2);
  });

  it('slides the rows it passes by its own room, the others stay', () => {
    // Row 0 dragged to 2: rows 1 and 2 go up.
    expect([0, 1, 2, 3].map((i) => shiftWhileDragging(i, 0, 2, 40))).toEqual([0, -40, -40, 0]);
    // Row 3 dragged to 1: rows 1 and 2 go down.
    expect([0, 1, 2, 3].map((i) => shiftWhileDragging(i, 3, 1, 40))).toEqual([0, 40, 40, 0]);
    expect([0, 1, 2, 3].map((i) => shiftWhileDragging(i, 2, 2, 40))).toEqual([0, 0, 0, 0]);
  });
});
