import { useEffect, useState } from 'react';

/** `text` once typing pauses for `delayMs`, so each keystroke does not become a request. */
export function useSettled(text: string, delayMs = 150) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
