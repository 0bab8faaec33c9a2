import { useEffect, useState } from 'react';
import { mediaSrc, mediaSrcSet } from '../lib/media';

/** Up to two initials of a name, for the generated cover. */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...word][0]?.toUpperCase() ?? '').join('') || '♪';
}

/** How long to wait before asking again for a picture the site has not fetched yet. */
const RETRY_AFTER_MS = [2_000, 5_000, 15_000];

type Loaded = 'picture' | 'stand-in' | 'failed';

/**
 * The site's copy of a saved picture address, laid over what `children`
 * draws beneath (the generated cover). While the site has not fetched the
 * picture, or could not, it answers a transparent stand-in, so the generated
 * cover shows through; an image that fails to load is taken away. With
 * `retry`, a stand-in is asked for again a few times, so a picture just saved
 * appears once the site has fetched it.
 *
 * Returns the picture and whether it is showing, for the wrapper's class.
 */
export function useSitePicture(src: string, sizes: string, retry = false) {
  const [loaded, setLoaded] = useState<{ src: string; attempt: number; as: Loaded } | null>(null);
  const [attempt, setAttempt] = useState({ src, count: 0 });
  const tries = attempt.src === src ? attempt.count : 0;
  const state = loaded?.src === src && loaded.attempt === tries ? loaded.as : null;
  const standIn = state === 'stand-in';

  useEffect(() => {
    if (!retry || !standIn || tries >= RETRY_AFTER_MS.length) return;
    const timer = setTimeout(() => setAttempt({ src, count: tries + 1 }), RETRY_AFTER_MS[tries]);
    return () => clearTimeout(timer);
  }, [retry, standIn, src, tries]);

  const lastFailed = loaded?.src === src && loaded.as === 'failed';
  if (!src || lastFailed) return { picture: null, showing: false };
  // A different query asks the server again rather than the browser's copy of the stand-in.
  const again = (address: string) => (tries ? address.replace(/\.webp/g, `.webp?try=${tries}`) : address);
  const picture = (
    <img
      key={tries}
      class="cover-picture"
      src={again(mediaSrc(src, 320))}
      srcSet={again(mediaSrcSet(src))}
      sizes={sizes}
      alt=""
      aria-hidden="true"
      loading="lazy"
      decoding="async"
      onLoad={(event) => {
        // The stand-in is 1×1; a kept picture is at least a few pixels wide.
        const wide = (event.currentTarget as HTMLImageElement).naturalWidth > 1;
        setLoaded({ src, attempt: tries, as: wide ? 'picture' : 'stand-in' });
      }}
      onError={() => setLoaded({ src, attempt: tries, as: 'failed' })}
    />
  );
  return { picture, showing: state === 'picture' };
}

/**
 * A cover or portrait: the generated one (initials on the theme's gradient)
 * always, and the site's copy of the picture over it when there is one, so
 * nothing ever shows a broken image. `sizes` says how wide it is shown, for
 * the browser to pick the smallest width that is sharp enough. The wrapper
 * carries the alt text (or hides itself when `alt` is empty); the picture and
 * the initials are never announced on their own.
 */
export function Cover({
  src,
  name,
  alt,
  sizes,
  retry = false,
  class: className = '',
}: {
  src: string;
  name: string;
  alt: string;
  sizes: string;
  /** Ask again for a picture not fetched yet: for the one large picture of a page. */
  retry?: boolean;
  class?: string;
}) {
  const { picture, showing } = useSitePicture(src, sizes, retry);
  const classes = ['cover', 'generated', showing && 'pictured', className].filter(Boolean).join(' ');
  return (
    <div class={classes} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': 'true' })}>
      <span class="cover-initials" aria-hidden="true">
        {initials(name)}
      </span>
      {picture}
    </div>
  );
}
