// A name placed in an API path. Names are matched after decoding, while the
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

/** Encodes a name for one path segment; a fixed word gets its first letter percent-encoded. */
export function pathSegment(name: string): string {
  const encoded = encodeURIComponent(name);
  if (!FIXED_WORDS.has(encoded)) return encoded;
  return `%${encoded.charCodeAt(0).toString(16).toUpperCase()}${encoded.slice(1)}`;
}
