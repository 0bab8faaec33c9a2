/**
 * The token a mailed link carries after '#', so that it never reaches a
 * server log or a Referer. It is taken off the address bar at once; only the
 * page's POST uses it, so opening the link (as a mail scanner does) changes
 * nothing.
 */
export function takeTokenFromAddress(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}
