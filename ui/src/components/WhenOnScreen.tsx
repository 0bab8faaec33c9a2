import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'react';

/**
 * Shows its children once their place comes on screen: a part far down
 * a page (similar albums under an album) costs a phone nothing, neither its
 * code nor its data nor its drawing, while the page's first screen is drawn.
 * On screen, not merely near: while that first screen is still arriving,
 * everything below it is near.
 */
export function WhenOnScreen({ children }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = spot.current;
    if (shown || !place) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setShown(true));
    observer.observe(place);
    return () => observer.disconnect();
  }, [shown]);
  return shown ? <>{children}</> : <div ref={spot} class="when-on-screen" />;
}
