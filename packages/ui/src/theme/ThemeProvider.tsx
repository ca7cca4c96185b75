/** @jsxImportSource @emotion/react */
import { ThemeProvider as EmotionThemeProvider, type Theme } from '@emotion/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { applyColorScheme, COLOR_SCHEME_KEY, resolveColorScheme, storedColorScheme } from './color-scheme';
import { paletteVars } from './palette-vars';
import type { ColorScheme, Palette } from './tokens';

declare module '@emotion/react' {
  export interface Theme {
    scheme: ColorScheme;
    colors: Palette;
  }
}

interface ColorSchemeContextValue {
  scheme: ColorScheme;
  toggle: () => void;
}

const ColorSchemeContext = createContext<ColorSchemeContextValue | null>(null);

/** Listeners of this tab's theme choices (other tabs tell through the storage event). */
const choiceListeners = new Set<() => void>();

/** The stored choice, the system preference and other tabs' choices, as one external store. */
function subscribe(onChange: () => void): () => void {
  const system = window.matchMedia?.('(prefers-color-scheme: dark)');
  const onSystemChange = () => {
    if (!storedColorScheme()) onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_SCHEME_KEY || event.key === null) onChange();
  };
  system?.addEventListener?.('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  choiceListeners.add(onChange);
  return () => {
    system?.removeEventListener?.('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
    choiceListeners.delete(onChange);
  };
}

/**
 * What the server renders (it cannot know the visitor's theme) and what hydration starts from;
 * colours come from CSS custom properties, so only the toggle's label waits for hydration.
 */
const serverScheme = (): ColorScheme => 'light';

/**
 * Light/dark theme: emotion theme plus the root element's attribute and class. With nothing
 * stored the system preference rules, also when it changes; a choice made in another tab
 * applies here too.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useSyncExternalStore(subscribe, resolveColorScheme, serverScheme);

  useEffect(() => {
    applyColorScheme(scheme);
  }, [scheme]);

  const toggle = useCallback(() => {
    localStorage.setItem(COLOR_SCHEME_KEY, resolveColorScheme() === 'dark' ? 'light' : 'dark');
    for (const listener of choiceListeners) listener();
  }, []);

  const theme = useMemo<Theme>(() => ({ scheme, colors: paletteVars }), [scheme]);
  const value = useMemo(() => ({ scheme, toggle }), [scheme, toggle]);

  return (
    <ColorSchemeContext.Provider value={value}>
      <EmotionThemeProvider theme={theme}>{children}</EmotionThemeProvider>
    </ColorSchemeContext.Provider>
  );
}

export function useColorScheme(): ColorSchemeContextValue {
  const value = useContext(ColorSchemeContext);
  if (!value) throw new Error('useColorScheme must be used inside <ThemeProvider>');
  return value;
}
