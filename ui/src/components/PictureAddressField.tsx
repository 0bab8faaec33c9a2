import { useUniqueId } from '../lib/useUniqueId';

interface Bound {
  name: string;
  value: string;
  onInput: (event: Event) => void;
}

/**
 * A picture address to type. Nothing here loads it: the site fetches the
 * picture itself once the address is saved, and pages show the site's copy
 * (the content security policy would block the address's own host anyway).
 */
export function PictureAddressField({
  label,
  bound,
  autoComplete,
  after = 'saving',
}: {
  label: string;
  bound: Bound;
  autoComplete?: string;
  /** What the fetching waits for: saving, or signing up. */
  after?: string;
}) {
  const hint = useUniqueId();
  return (
    <>
      <label>
        {label}
        <input {...bound} type="url" placeholder="https://…" autoComplete={autoComplete} aria-describedby={hint} />
      </label>
      <p id={hint} class="field-hint">
        The picture is fetched by the site after {after}.
      </p>
    </>
  );
}
