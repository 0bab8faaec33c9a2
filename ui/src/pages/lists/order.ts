// A list's order as the screen changes it before the server answers: the
// same rules as the server's (positions 1-based and contiguous, a move
// clamped to the ends, the others shifting), so the optimistic copy and the
// answer agree.

interface Positioned {
  entryId: number;
  position: number;
}

/** Positions 1..n in the given order. */
export function renumber<T extends Positioned>(entries: readonly T[]): T[] {
  return entries.map((entry, index) => (entry.position === index + 1 ? entry : { ...entry, position: index + 1 }));
}

/** The entries with `entryId` moved to `position` (1-based, clamped); unchanged if it is not there. */
export function moveEntry<T extends Positioned>(entries: readonly T[], entryId: number, position: number): T[] {
  const from = entries.findIndex((entry) => entry.entryId === entryId);
  if (from < 0) return [...entries];
  const to = Math.min(Math.max(Math.round(position), 1), entries.length) - 1;
  const rest = entries.filter((_, index) => index !== from);
  rest.splice(to, 0, entries[from]);
  return renumber(rest);
}

/** The entries without `entryId`, renumbered. */
export function removeEntry<T extends Positioned>(entries: readonly T[], entryId: number): T[] {
  return renumber(entries.filter((entry) => entry.entryId !== entryId));
}

/**
 * Where a dragged row lands (0-based): after every other row whose middle is
 * above the dragged row's middle. `middles` are the rows' middles before the
 * drag began, `from` the dragged row's index.
 */
export function dropIndex(middles: readonly number[], from: number, draggedMiddle: number): number {
  return middles.filter((middle, index) => index !== from && middle < draggedMiddle).length;
}

/**
 * How far row `index` slides while row `from` is dragged to `to`: the rows
 * it passes make room for it by its own height (plus the gap between rows).
 */
export function shiftWhileDragging(index: number, from: number, to: number, room: number): number {
  if (index === from) return 0;
  if (from < to && index > from && index <= to) return -room;
  if (to < from && index >= to && index < from) return room;
  return 0;
}
