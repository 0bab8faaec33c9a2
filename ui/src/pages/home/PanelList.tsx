import type { ComponentChildren } from 'preact';
import { useState } from 'react';
import { noun } from '../../lib/words';

/** How many rows a home panel shows at first, and how many more each press of its button. */
export const PANEL_ROWS = 6;

/**
 * A home panel's rows: while they load, placeholders of the rows' own size
 * (so the page below does not move); then the first few, and a button that
 * says how many more there are instead of a list cut off mid-line.
 */
export function PanelList<T>({
  items,
  pending,
  noun: nouns,
  row,
}: {
  items: T[] | undefined;
  pending: boolean;
  /** What the rows are, for the button: ['comment', 'comments']. */
  noun: readonly [string, string];
  row: (item: T) => ComponentChildren;
}) {
  const [shown, setShown] = useState(PANEL_ROWS);
  if (pending) {
    return (
      <ul class="feed" aria-hidden="true">
        {Array.from({ length: PANEL_ROWS }, (_, index) => (
          <li key={index} class="feed-placeholder" />
        ))}
      </ul>
    );
  }
  const all = items ?? [];
  const more = Math.min(all.length - shown, PANEL_ROWS);
  return (
    <>
      <ul class="feed">{all.slice(0, shown).map(row)}</ul>
      {more > 0 && (
        <button type="button" class="panel-more" onClick={() => setShown((count) => count + PANEL_ROWS)}>
          Show {more} more {noun(more, ...nouns)}
        </button>
      )}
    </>
  );
}
