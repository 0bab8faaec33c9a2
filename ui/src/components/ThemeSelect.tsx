import { useTheme } from '../theme/ThemeContext';
import { THEMES, THEME_LABELS, isTheme } from '../theme/themes';

export function ThemeSelect() {
  const { theme, setTheme } = useTheme();
  return (
    <label class="theme-select">
      Theme
      <select
        value={theme}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isTheme(chosen)) setTheme(chosen);
        }}
      >
        {THEMES.map((name) => (
          <option key={name} value={name}>
            {THEME_LABELS[name]}
          </option>
        ))}
      </select>
    </label>
  );
}
