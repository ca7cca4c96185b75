/** @jsxImportSource @emotion/react */
import { Global } from '@emotion/react';
import { fontStack, media } from './tokens';
import { paletteCustomProperties, paletteVars as colors } from './palette-vars';

/**
 * Base document styles for both themes. Colours are the palette's custom properties, so the
 * styles never change with the theme: a theme switch re-inserts nothing (no frame without them).
 */
const globalStyles = {
  ...paletteCustomProperties,
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: { WebkitTextSizeAdjust: '100%' },
  body: {
    margin: 0,
    fontFamily: fontStack,
    lineHeight: 1.6,
    background: colors.background,
    color: colors.text,
    WebkitFontSmoothing: 'antialiased',
  },
  'h1, h2, h3, h4': { lineHeight: 1.2 },
  a: { color: colors.primary },
  // Checkboxes, radios and range thumbs in the brand colour, not the browser's blue.
  'input, progress': { accentColor: colors.primary },
  ':focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: '2px' },
  'img, svg': { maxWidth: '100%' },
  [media.reducedMotion]: {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
} as const;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
