import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, loadTheme, saveTheme, themeKey } from './themes';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('theme storage', () => {
  it('keeps each member their own theme', () => {
    const storage = memoryStorage();
    saveTheme(1, 'teal', storage);
    saveTheme(2, 'red', storage);
    expect(loadTheme(1, storage)).toBe('teal');
    expect(loadTheme(2, storage)).toBe('red');
    expect(themeKey(1)).toBe('halfstar.theme.1');
  });

  it('falls back to dark for strangers and nonsense', () => {
    const storage = memoryStorage();
    expect(loadTheme(3, storage)).toBe(DEFAULT_THEME);
    storage.setItem(themeKey(3), 'plaid');
    expect(loadTheme(3, storage)).toBe('dark');
    expect(loadTheme(null, storage)).toBe('dark');
  });
});
