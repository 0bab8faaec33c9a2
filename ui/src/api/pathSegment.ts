// A name placed in a path. Names are matched after decoding, while the
// server's routes are matched before it: an album called "recent" sent as is
// would reach /review/recent (the recent reviews), not /review/{albumTitle}.

/** Fixed words that share a position with a name in some API path. */
const FIXED_WORDS = new Set([
  'album',
  'artist',
  'featured',
  'name',
  'popular-albums',
  'recent',
  'top-albums',
  'top-rated',
  'user',
  'validate',
  'year',
]);

/** Lone halves of surrogate pairs, which encodeURIComponent refuses with a URIError. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Encodes any text as one path segment that reads back as the same text.
 * Browsers resolve a segment that is `.` or `..` (even written %2E) as a step
 * in the path, so such a name gets a trailing space, which every name lookup
 * ignores. A lone surrogate becomes U+FFFD instead of throwing.
 */
export function encodeSegment(name: string): string {
  const encoded = encodeURIComponent(name.replace(LONE_SURROGATE, '\uFFFD'));
  return encoded === '.' || encoded === '..' ? `${encoded}%20` : encoded;
}

/** Encodes a name for one API path segment; a fixed word gets its first letter percent-encoded. */
export function pathSegment(name: string): string {
  const encoded = encodeSegment(name);
  if (!FIXED_WORDS.has(encoded)) return encoded;
  return `%${encoded.charCodeAt(0).toString(16).toUpperCase()}${encoded.slice(1)}`;
}
