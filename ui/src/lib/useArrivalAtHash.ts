import { useEffect } from 'react';
import { whenShown } from './afterNavigation';

/** How long a page may take to show the item its link names. */
const WAIT_FOR_ITEM_MS = 10_000;

/** The id a `#hash` names; a stray `%` (typed, or cut short) is kept as it is rather than thrown on. */
export function itemOf(hash: string): string {
  const raw = hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Arriving by a link that names one item of the page (`#comment-12` from a
 * notification, `#shout-3` from the feed): once the page shows that item,
 * it is scrolled to the middle of the screen, marked (the `arrived` class)
 * and focused, so a keyboard or screen reader user starts there too. The
 * page's data may still be on its way, so the item is waited for. Runs
 * again for each new `path`.
 */
export function useArrivalAtHash(path: string) {
  useEffect(() => {
    const id = itemOf(window.location.hash);
    if (!id) return;
    const arrive = () => {
      const item = document.getElementById(id);
      if (!item) return false;
      document.querySelectorAll('.arrived').forEach((before) => before.classList.remove('arrived'));
      item.classList.add('arrived');
      if (!item.hasAttribute('tabindex')) item.setAttribute('tabindex', '-1');
      item.scrollIntoView({ block: 'center' });
      item.focus({ preventScroll: true });
      return true;
    };
    return whenShown(document.body, arrive, WAIT_FOR_ITEM_MS);
  }, [path]);
}
