import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'react';

/** Set once the document's first page has had its lower parts built. */
let firstPageBuilt = false;

/**
 * Shows its children a task after the page around them, on the first page a
 * visitor opens: its lower parts are then built in a task of their own, so a
 * phone's processor is not held for the whole page at once, and the top is
 * drawn first. Unlike WhenOnScreen, they come whether scrolled to or not.
 * Pages opened later within the site show them at once: going back to one,
 * the browser puts the member where they were, which a shorter page would stop.
 */
export function InNextTask({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(firstPageBuilt);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => {
      firstPageBuilt = true;
      setShown(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [shown]);
  return shown ? <>{children}</> : null;
}
