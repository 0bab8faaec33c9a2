import { useState } from 'react';

let made = 0;

/**
 * An id no other element of the page has, for labels and ARIA references.
 * Not Preact's useId: it counts from each render root, and a screen or part
 * that loads on demand renders after a Suspense pause under a restarted count,
 * giving ids the header's search box already holds.
 */
export function useUniqueId(): string {
  const [id] = useState(() => `uid-${(made += 1)}`);
  return id;
}
