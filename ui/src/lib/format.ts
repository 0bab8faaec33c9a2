// Display formats of the spec's section 9.

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** 1st, 2nd, 3rd, 4th ... with 11th, 12th and 13th. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/** '2020-03-03' -> 'March 3rd, 2020'; anything unparseable is shown as given. */
export function longDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (!monthName) return isoDate;
  return `${monthName} ${ordinal(Number(day))}, ${year}`;
}

/** Averages with 2 decimals, a user's rating with 1, or 'Not Rated'. */
export function average(value: number): string {
  return value.toFixed(2);
}

export function userRating(value: number | null | undefined): string {
  return value == null ? 'Not Rated' : value.toFixed(1);
}

export function ratingsCount(count: number): string {
  return `(${count} ratings)`;
}
