// The six themes. Colours live in themes.css as custom properties; this is
// the list, the default, and where each member's choice is kept.

export const THEMES = ['blue', 'green', 'red', 'purple', 'dark', 'teal'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const THEME_LABELS: Record<Theme, string> = {
  blue: 'Blue',
  green: 'Green',
  red: 'Red',
  purple: 'Purple',
  dark: 'Dark',
  teal: 'Teal',
};

/** The storage key of a member's theme; signed out, the visitor's own. */
export function themeKey(userId: number | null | undefined): string {
  return userId == null ? 'halfstar.theme' : `halfstar.theme.${userId}`;
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function loadTheme(userId: number | null | undefined, storage: Pick<Storage, 'getItem'> = localStorage): Theme {
  try {
    const stored = storage.getItem(themeKey(userId));
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function saveTheme(
  userId: number | null | undefined,
  theme: Theme,
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    storage.setItem(themeKey(userId), theme);
  } catch {
    // Storage may be refused; the theme then lasts as long as the page.
  }
}
