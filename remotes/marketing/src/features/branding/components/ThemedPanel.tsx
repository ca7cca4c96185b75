import { ThemeProvider, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { palettes, panel, type ColorScheme } from '@kloof/ui';

const themes: Record<ColorScheme, Theme> = {
  light: { colors: palettes.light },
  dark: { colors: palettes.dark },
};

/** Shows its content in one theme whatever the page's theme is, so both can be compared side by side. */
export function ThemedPanel({ scheme, children }: { scheme: ColorScheme; children: ReactNode }) {
  return (
    <ThemeProvider theme={themes[scheme]}>
      <div
        css={(theme) => ({
          height: '100%',
          padding: '1.5rem',
          ...panel(theme, theme.colors.background),
          color: theme.colors.text,
        })}
      >
        {children}
      </div>
    </ThemeProvider>
  );
}

export const schemeLabel: Record<ColorScheme, string> = { light: 'Light theme', dark: 'Dark theme' };
export const schemes: readonly ColorScheme[] = ['light', 'dark'];
