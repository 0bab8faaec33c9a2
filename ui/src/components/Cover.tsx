import { useState } from 'react';

/** Up to two initials of a name, for the generated cover. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '♪';
}

/**
 * A cover or portrait. Without a picture, or when it fails to load, a
 * generated one (initials on the theme's gradient) stands in, so nothing
 * shows a broken image.
 */
export function Cover({ src, name, alt, class: className = '' }: { src: string; name: string; alt: string; class?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div class={`cover generated ${className}`} role="img" aria-label={alt}>
        <span aria-hidden="true">{initials(name)}</span>
      </div>
    );
  }
  return <img class={`cover ${className}`} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />;
}
