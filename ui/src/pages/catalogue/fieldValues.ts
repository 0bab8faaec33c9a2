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
};

export function fieldLabel(key: string): string {
  return LABELS[key] ?? key;
}

export function fieldValue(value: unknown): string {
  if (value == null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

type Fields = Record<string, unknown> | null;

/** The keys whose values differ between `before` and `after` (all of one side when the other is missing). */
export function changedKeys(before: Fields, after: Fields): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null));
}
