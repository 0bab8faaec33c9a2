import { longDate, timeAgo } from '../lib/format';

/**
 * When something was written or happened: the spec's first ten characters of
 * the stamp ('2026-03-03'), or in the feed and notifications how long ago;
 * hovering gives the whole date either way. A review brought from another
 * site says so, since its date is the one its file gave.
 */
export function WrittenOn({
  at,
  ago = false,
  imported = false,
  class: className,
}: {
  at: string;
  ago?: boolean;
  imported?: boolean;
  class?: string;
}) {
  const when = (
    <time class={className} dateTime={at} title={longDate(at)}>
      {ago ? timeAgo(at) : at.slice(0, 10)}
    </time>
  );
  if (!imported) return when;
  return (
    <>
      {when}
      <span class="imported-mark" title="Brought from another site by its author's import">
        Imported
      </span>
    </>
  );
}
