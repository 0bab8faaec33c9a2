import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../auth/AuthContext';
import { loadTheme, saveTheme, type Theme } from './themes';

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeState | undefined>(undefined);

/** The theme of whoever is signed in, kept per member and shown on <html data-theme>. */
export function ThemeProvider({ children }: { children: ComponentChildren }) {
  const { user } = useAuth();
  const userId = user?.userId ?? null;
  const [theme, setThemeState] = useState<Theme>(() => loadTheme(userId));

  // Someone else signing in brings their own theme.
  useEffect(() => setThemeState(loadTheme(userId)), [userId]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const value = useMemo(
    () => ({
      theme,
      setTheme(next: Theme) {
        saveTheme(userId, next);
        setThemeState(next);
      },
    }),
    [theme, userId],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme must be used within a ThemeProvider');
  return state;
}
