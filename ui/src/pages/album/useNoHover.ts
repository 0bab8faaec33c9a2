import { useEffect, useState } from 'react';

const QUERY = '(hover: none)';

/** True on touch screens, where nothing can be hovered; follows changes (a tablet docking a mouse). */
export function useNoHover(): boolean {
  const [noHover, setNoHover] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(QUERY);
    const update = () => setNoHover(list.matches);
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, []);
  return noHover;
}
