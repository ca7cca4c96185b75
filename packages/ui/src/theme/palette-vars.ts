import type { CSSObject } from '@emotion/react';
import { palettes, type Palette } from './tokens';

const varName = (token: string): string => `--color-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * The palette as CSS custom properties: components get `var(--color-text)` and the root element's
 * `dark` class picks the values. The same markup and class names serve both themes, so a page
 * rendered on the server is right in either theme before any script runs (no flash, no hydration
 * mismatch).
 */
export const paletteVars = Object.fromEntries(
  Object.keys(palettes.light).map((token) => [token, `var(${varName(token)})`]),
) as unknown as Palette;

const declarations = (palette: Palette): CSSObject =>
  Object.fromEntries(Object.entries(palette).map(([token, value]) => [varName(token), value]));

/** The custom properties of both themes, for the global styles. */
export const paletteCustomProperties: CSSObject = {
  ':root': declarations(palettes.light),
  'html.dark': declarations(palettes.dark),
};
