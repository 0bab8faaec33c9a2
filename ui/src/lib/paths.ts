// Addresses of the pages that name an artist. Album addresses: albumPath in
// components/AlbumTile.
import { encodeSegment } from '../api/pathSegment';

/** The artist page for a name as typed or a slug; the server accepts either. */
export function artistPath(nameOrSlug: string): string {
  return `/artists/${encodeSegment(nameOrSlug)}`;
}

/** The page saying no artist goes by the name, quoting it as typed. */
export function artistNotFoundPath(name: string): string {
  return `/artists/not-found/${encodeSegment(name)}`;
}
