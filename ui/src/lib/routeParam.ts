import { useRouter } from 'wouter-preact';

// Route parameters arrive as the address carries them: the router is given
// the raw path (see App), so each segment is decoded here exactly once.

/** Bytes a UTF-8 sequence takes, from its lead byte; 0 for a byte that cannot lead. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Decodes one run of %XX escapes, keeping as typed any escape that is not valid UTF-8. */
function decodeRun(run: string): string {
  const escapes = run.match(/%[0-9A-Fa-f]{2}/g) ?? [];
  let decoded = '';
  let i = 0;
  while (i < escapes.length) {
    const length = sequenceLength(parseInt(escapes[i].slice(1), 16));
    if (length > 0 && i + length <= escapes.length) {
      try {
        decoded += decodeURIComponent(escapes.slice(i, i + length).join(''));
        i += length;
        continue;
      } catch {
        // Not valid UTF-8 (a truncated or overlong sequence): keep the escape.
      }
    }
    decoded += escapes[i];
    i += 1;
  }
  return decoded;
}

/**
 * A route parameter as the member typed it: each valid %XX escape decoded,
 * anything else (a stray '%', a broken sequence like %E0%A4%A) kept as is,
 * so no address can make a page throw.
 */
export function routeParam(value: string | undefined): string {
  if (!value) return '';
  if (!value.includes('%')) return value;
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, decodeRun);
}

/**
 * The address's query parameters, read from the raw query string: wouter's
 * useSearch has decoded it once already, so URLSearchParams over it would
 * decode a name such as `50%2F50` a second time.
 */
export function useQueryParams(): URLSearchParams {
  const router = useRouter();
  return new URLSearchParams(router.searchHook(router));
}
