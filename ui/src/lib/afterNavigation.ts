import { useEffect, useRef } from 'react';

/**
 * Runs `arrive` now and, until it answers true, again as `root` changes,
 * for at most `waitMs`: a page arriving may show what it looks for only once
 * its data is in. Answers the cleanup.
 */
export function whenShown(root: Node, arrive: () => boolean, waitMs: number): () => void {
  if (arrive()) return () => {};
  const observer = new MutationObserver(() => {
    if (arrive()) observer.disconnect();
  });
  observer.observe(root, { childList: true, subtree: true });
  const giveUp = setTimeout(() => observer.disconnect(), waitMs);
  return () => {
    observer.disconnect();
    clearTimeout(giveUp);
  };
}

/**
 * Runs `effect` after each move to another page (a new `path`), not for the
 * first page: what the first page needs it asks for as it loads.
 */
export function useAfterNavigation(path: string, effect: () => void | (() => void)) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return effect();
    // The effect belongs to the move, not to what it closes over.
  }, [path]);
}
