/** @jsxImportSource @emotion/react */
import { Global } from '@emotion/react';
import { fontStack, media } from './tokens';
import { paletteCustomProperties } from './palette-vars';

/** Base document styles for both themes. */
export function GlobalStyles() {
  return (
    <Global
      styles={(theme) => ({
        ...paletteCustomProperties,
        '*, *::before, *::after': { boxSizing: 'border-box' },
        html: { WebkitTextSizeAdjust: '100%' },
        body: {
          margin: 0,
          fontFamily: fontStack,
          lineHeight: 1.6,
          background: theme.colors.background,
          color: theme.colors.text,
          WebkitFontSmoothing: 'antialiased',
        },
        'h1, h2, h3, h4': { lineHeight: 1.2 },
        a: { color: theme.colors.primary },
        ':focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: '2px' },
        'img, svg': { maxWidth: '100%' },
        [media.reducedMotion]: {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
          },
        },
      })}
    />
  );
}
