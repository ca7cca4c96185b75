/** @jsxImportSource @emotion/react */
import { ThemeProvider as EmotionThemeProvider, type Theme } from '@emotion/react';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { applyColorScheme, COLOR_SCHEME_KEY, resolveColorScheme, storedColorScheme } from './color-scheme';
import { paletteVars } from './palette-vars';
import type { ColorScheme, Palette } from './tokens';

declare module '@emotion/react' {
  export interface Theme {
    colors: Palette;
  }
}

interface ColorSchemeContextValue {
  scheme: ColorScheme;
  toggle: () => void;
}

/** Only says that a ThemeProvider is above: its value never changes. */
const ColorSchemeContext = createContext(false);

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

/** The scheme in force, re-rendering the component that asks when it changes. */
const useScheme = (): ColorScheme => useSyncExternalStore(subscribe, resolveColorScheme, serverScheme);

function toggle(): void {
  localStorage.setItem(COLOR_SCHEME_KEY, resolveColorScheme() === 'dark' ? 'light' : 'dark');
  for (const listener of choiceListeners) listener();
}

/**
 * The Emotion theme of the page: CSS custom properties, the same object in both themes. No
 * context value here ever changes: React marks every block whose prerendered HTML still waits to
 * hydrate (HydrateWhenNear) as updated by any context change above it, and then drops that HTML
 * and renders the block on the client (an empty footer in the dark theme until it scrolled near).
 * Components that show the scheme read it themselves (useColorScheme).
 */
const pageTheme: Theme = { colors: paletteVars };

/**
 * Light/dark theme: emotion theme plus the root element's attribute and class. With nothing
 * stored the system preference rules, also when it changes; a choice made in another tab
 * applies here too.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const scheme = useScheme();

  useEffect(() => {
    applyColorScheme(scheme);
  }, [scheme]);

  return (
    <ColorSchemeContext.Provider value={true}>
      <EmotionThemeProvider theme={pageTheme}>{children}</EmotionThemeProvider>
    </ColorSchemeContext.Provider>
  );
}

export function useColorScheme(): ColorSchemeContextValue {
  if (!useContext(ColorSchemeContext)) throw new Error('useColorScheme must be used inside <ThemeProvider>');
  const scheme = useScheme();
  return useMemo(() => ({ scheme, toggle }), [scheme]);
}
