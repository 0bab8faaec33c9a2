import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'react';

/**
 * Shows its children a task after the page around them: a large page's
 * lower parts are then built in a task of their own, so a phone's processor
 * is never held for the whole page at once, and the top is drawn first.
 * Unlike WhenOnScreen, they come at once, whether scrolled to or not.
 */
export function InNextTask({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <>{children}</> : null;
}
