import { useEffect, useRef, useState } from 'react';
import { dropIndex } from './order';

export interface Drag {
  /** The dragged row's index when the drag began. */
  from: number;
  /** Where it would land now. */
  to: number;
  /** How far the pointer has moved, in pixels down the page. */
  dy: number;
  /** The room the dragged row takes: its height and the gap after it. */
  room: number;
}

/** Near the window's top or bottom edge a drag scrolls the page. */
const EDGE = 56;
const SCROLL_STEP = 14;

/**
 * Re-ordering the rows (the `li` children of `list`) by dragging a handle,
 * with a mouse, pen or finger alike (pointer events). The rows stay where
 * they are in the document while the drag goes on: the dragged one follows
 * the pointer and the ones it passes slide aside (shiftWhileDragging), so
 * nothing is moved under the pointer. Letting go calls `onDrop` with the
 * dragged entry and its new index when that changed; Escape or a cancelled pointer leaves all as
 * it was.
 */
export function useDragReorder(list: { current: HTMLElement | null }, onDrop: (entryId: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const drop = useRef(onDrop);
  drop.current = onDrop;

  // A drag still going when the list goes away leaves no listeners behind.
  useEffect(() => () => stop.current?.(), []);

  const start = (event: PointerEvent, index: number, entryId: number) => {
    if (event.button !== 0 || !list.current || stop.current) return;
    event.preventDefault();
    const rows = Array.from(list.current.children).filter((child) => child.tagName === 'LI');
    const rects = rows.map((row) => row.getBoundingClientRect());
    if (!rects[index]) return;
    // Page coordinates, so scrolling during the drag changes nothing.
    const scroll = () => window.scrollY;
    const middles = rects.map((rect) => rect.top + rect.height / 2 + scroll());
    const gap = rects.length > 1 ? Math.max(0, rects[1].top - rects[0].bottom) : 0;
    const room = rects[index].height + gap;
    const startY = event.clientY + scroll();
    const pointer = event.pointerId;
    let current: Drag = { from: index, to: index, dy: 0, room };
    setDrag(current);

    const follow = (clientY: number) => {
      const dy = clientY + scroll() - startY;
      current = { ...current, dy, to: dropIndex(middles, index, middles[index] + dy) };
      setDrag(current);
    };
    const onMove = (move: PointerEvent) => {
      if (move.pointerId !== pointer) return;
      move.preventDefault();
      if (move.clientY < EDGE) window.scrollBy(0, -SCROLL_STEP);
      else if (move.clientY > window.innerHeight - EDGE) window.scrollBy(0, SCROLL_STEP);
      follow(move.clientY);
    };
    const onEnd = (end: PointerEvent) => {
      if (end.pointerId !== pointer) return;
      finish();
      if (end.type === 'pointerup' && current.to !== current.from) drop.current(entryId, current.to);
    };
    const onKey = (key: KeyboardEvent) => {
      if (key.key === 'Escape') finish();
    };
    const finish = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
      window.removeEventListener('keydown', onKey);
      stop.current = null;
      setDrag(null);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
    window.addEventListener('keydown', onKey);
    stop.current = finish;
  };

  return { drag, start };
}
