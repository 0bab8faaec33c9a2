// Orders for sorting what the site shows. `localeCompare` makes a collator at
// every comparison: sorting a page of a few hundred names or dates that way
// held a phone's first page for tens of milliseconds.

let names: Intl.Collator | undefined;

/** Names as a reader orders them: by letter, case and accents alike ('abba' beside 'ABBA'). */
export function compareNames(a: string, b: string): number {
  names ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  return names.compare(a, b);
}

/** Texts by their characters, as ISO dates and times order in time: '2024-01-02' after '2023-12-31'. */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
