/** @jsxImportSource @emotion/react */
import { ThemeProvider as EmotionThemeProvider, type Theme } from '@emotion/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { applyColorScheme, COLOR_SCHEME_KEY, resolveColorScheme, storedColorScheme } from './color-scheme';
import { palettes, type ColorScheme, type Palette } from './tokens';

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

/** Light/dark theme: emotion theme plus the root element's attribute and class. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [scheme, setScheme] = useState<ColorScheme>(resolveColorScheme);

  useEffect(() => {
    applyColorScheme(scheme);
  }, [scheme]);

  // With nothing stored the system preference rules, also when it changes; a choice made in
  // another tab applies here too.
  useEffect(() => {
    const system = window.matchMedia?.('(prefers-color-scheme: dark)');
    const follow = () => {
      setScheme(resolveColorScheme());
    };
    const onSystemChange = () => {
      if (!storedColorScheme()) follow();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_SCHEME_KEY || event.key === null) follow();
    };
    system?.addEventListener?.('change', onSystemChange);
    window.addEventListener('storage', onStorage);
    return () => {
      system?.removeEventListener?.('change', onSystemChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const toggle = useCallback(() => {
    setScheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(COLOR_SCHEME_KEY, next);
      return next;
    });
  }, []);

  const theme = useMemo<Theme>(() => ({ scheme, colors: palettes[scheme] }), [scheme]);
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
