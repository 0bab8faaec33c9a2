// The half-star rating controls: ten stars, each in two halves, for the
// twenty values 0.5 to 10.

const MIN_RATING = 0.5;
const MAX_RATING = 10;

/** The value at a horizontal position across a control `width` wide. */
export function ratingAt(offsetX: number, width: number): number {
  if (width <= 0) return MIN_RATING;
  const fraction = Math.min(Math.max(offsetX / width, 0), 1);
  const halves = Math.max(1, Math.ceil(fraction * 20));
  return halves / 2;
}

/** One step up or down the scale, kept inside it. */
export function stepRating(value: number | null, direction: 1 | -1): number {
  const current = value ?? (direction > 0 ? 0 : MAX_RATING + 0.5);
  return Math.min(MAX_RATING, Math.max(MIN_RATING, current + direction * 0.5));
}

/** How full star `index` (0-9) is for a value: 0, 0.5 or 1. */
export function starFill(value: number, index: number): 0 | 0.5 | 1 {
  const left = value - index;
  if (left >= 1) return 1;
  if (left >= 0.5) return 0.5;
  return 0;
}

/** The title's size class: smaller as it passes 22, 26, 32 and 35 characters. */
export function titleSize(title: string): 'title-xl' | 'title-l' | 'title-m' | 'title-s' | 'title-xs' {
  const length = [...title].length;
  if (length > 35) return 'title-xs';
  if (length > 32) return 'title-s';
  if (length > 26) return 'title-m';
  if (length > 22) return 'title-l';
  return 'title-xl';
}
