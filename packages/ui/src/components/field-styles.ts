import type { Theme } from '@emotion/react';
import type { CSSObject } from '@emotion/react';

/** Shared look of every form control, so inputs, text areas and selects match. */
export const controlStyle =
  (invalid: boolean) =>
  (theme: Theme): CSSObject => ({
    width: '100%',
    font: 'inherit',
    fontSize: '1rem',
    padding: '0.625rem 0.75rem',
    borderRadius: '0.5rem',
    // Control borders need 3:1 against the page (WCAG 1.4.11).
    border: `1px solid ${invalid ? theme.colors.danger : theme.colors.borderStrong}`,
    background: theme.colors.background,
    color: theme.colors.text,
    '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: '1px' },
    '&:disabled': { opacity: 0.7, cursor: 'not-allowed' },
  });

export const labelStyle = (theme: Theme): CSSObject => ({
  display: 'block',
  fontWeight: 600,
  marginBottom: '0.375rem',
  color: theme.colors.text,
});

export const hintStyle = (theme: Theme): CSSObject => ({
  margin: '0.375rem 0 0',
  fontSize: '0.875rem',
  color: theme.colors.textMuted,
});

export const errorStyle = (theme: Theme): CSSObject => ({
  margin: '0.375rem 0 0',
  fontSize: '0.875rem',
  fontWeight: 600,
  color: theme.colors.danger,
});
