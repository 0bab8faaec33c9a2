// Pure helpers for the chart screens: headings, the year choices, route parameters.

export const ALL_TIME = 'all-time';
export const ALL_GENRES = 'all-genres';
const FIRST_YEAR = 1900;

export type ChartKind = 'Top Rated' | 'Popular' | 'Recent';

/** Capitalises each word, hyphenated parts too ('post-punk' -> 'Post-Punk'), and leaves the other letters alone so 'R&B' and 'UK Garage' stay as written. */
export function titleCase(text: string): string {
  return text.replace(/(^|[\s-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** 'Top Rated Shoegaze Albums:'; without a genre the word is left out: 'Top Rated Albums:'. */
export function chartHeading(kind: ChartKind, genreName: string | null): string {
  const genre = genreName?.trim();
  return genre ? `${kind} ${titleCase(genre)} Albums:` : `${kind} Albums:`;
}

/** The selectable years, newest first: the current year back to 1900. */
export function yearOptions(currentYear: number): string[] {
  const years: string[] = [];
  for (let year = currentYear; year >= FIRST_YEAR; year -= 1) years.push(String(year));
  return years;
}


/** The charts page title: 'All Time Charts', '1997 Charts', '1997 Shoegaze Charts'; a year that isn't one is left out. */
export function chartTitle(year: string, genreName: string | null | undefined): string {
  const when = year === ALL_TIME ? 'All Time' : /^\d{4}$/.test(year) ? year : '';
  return [when, genreName ? titleCase(genreName) : '', 'Charts'].filter(Boolean).join(' ');
}
