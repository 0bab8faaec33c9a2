// How the site says counts: every "N things" of the interface comes from here,
// so one is never "1 ratings".

/**
 * 12000 -> '12,000'. By hand: the browser's number formatting loads its locale
 * data on first use, which held a phone's first page for tens of milliseconds.
 */
export function wholeNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The noun alone for a count: 'rating' for one, 'ratings' for any other. */
export function noun(value: number, one: string, many = `${one}s`): string {
  return value === 1 ? one : many;
}

/** '1 rating', '3 ratings', '12,000 ratings'; `many` for nouns without a plain 's'. */
export function plural(value: number, one: string, many = `${one}s`): string {
  return `${wholeNumber(value)} ${noun(value, one, many)}`;
}
