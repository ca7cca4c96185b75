import type { CSSObject, Theme } from '@emotion/react';

/** A "read more" line in the primary colour with an arrow icon after its words: a link, or a card's label. */
export const arrowLink = (theme: Theme): CSSObject => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.375rem',
  fontWeight: 600,
  color: theme.colors.primary,
});
