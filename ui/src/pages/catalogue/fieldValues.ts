// Catalogue fields as the history and change requests show them.

const LABELS: Record<string, string> = {
  title: 'Title',
  artist: 'Artist',
  releaseDate: 'Release date',
  releaseDatePrecision: 'Date precision',
  type: 'Type',
  pictureUrl: 'Picture URL',
  genres: 'Genres',
  styles: 'Styles',
  name: 'Name',
  description: 'Description',
  tracks: 'Tracklist',
};

export function fieldLabel(key: string): string {
  return LABELS[key] ?? key;
}

export function fieldValue(value: unknown): string {
  if (value == null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.map(item).join(', ') : '—';
  return String(value);
}

/** A tracklist's track as "2. Title" ("2-1. Title" past the first disc); anything else as it is. */
function item(value: unknown): string {
  if (value && typeof value === 'object' && 'title' in value) {
    const { disc, position, title } = value as { disc: number; position: number; title: string };
    return `${disc > 1 ? `${disc}-` : ''}${position}. ${title}`;
  }
  return String(value);
}

type Fields = Record<string, unknown> | null;

/** The keys whose values differ between `before` and `after` (all of one side when the other is missing). */
export function changedKeys(before: Fields, after: Fields): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  // An empty list and a field older revisions did not record read alike.
  const shown = (value: unknown) => JSON.stringify(Array.isArray(value) && value.length === 0 ? null : (value ?? null));
  return [...keys].filter((key) => shown(before?.[key]) !== shown(after?.[key]));
}
