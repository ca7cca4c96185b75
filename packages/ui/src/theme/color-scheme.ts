import type { ColorScheme } from './tokens';

/** The browser key of the stored theme preference (light, dark or no preference). */
export const COLOR_SCHEME_KEY = 'color-scheme';

/** A stored choice, or none (then the system preference applies). */
export function storedColorScheme(): ColorScheme | null {
  const value = localStorage.getItem(COLOR_SCHEME_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

/** Stored preference, else the system preference, else light. */
export function resolveColorScheme(): ColorScheme {
  const stored = storedColorScheme();
  if (stored) return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Dark is applied as a data attribute and a `dark` class on the root element. */
export function applyColorScheme(scheme: ColorScheme): void {
  const root = document.documentElement;
  root.dataset.theme = scheme;
  root.classList.toggle('dark', scheme === 'dark');
  root.style.colorScheme = scheme;
}
