import { longDate, timeAgo } from '../lib/format';

/**
 * When something was written or happened: the spec's first ten characters of
 * the stamp ('2026-03-03'), or in the feed and notifications how long ago;
 * hovering gives the whole date either way.
 */
export function WrittenOn({ at, ago = false, class: className }: { at: string; ago?: boolean; class?: string }) {
  return (
    <time class={className} dateTime={at} title={longDate(at)}>
      {ago ? timeAgo(at) : at.slice(0, 10)}
    </time>
  );
}
