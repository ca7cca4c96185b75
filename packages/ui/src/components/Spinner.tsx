/** @jsxImportSource @emotion/react */
import { keyframes, type CSSObject, type Theme } from '@emotion/react';
import { media } from '../theme/tokens';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A grey ring with a brand-coloured quarter that turns (slower when the user asks for less motion). */
const ring = (theme: Theme): CSSObject => ({
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: '50%',
  border: `3px solid ${theme.colors.border}`,
  borderTopColor: theme.colors.primary,
  animation: `${spin} 0.8s linear infinite`,
  [media.reducedMotion]: { animationDuration: '2.4s' },
});

/** Loading indicator with an accessible name. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" css={{ display: 'grid', placeItems: 'center', padding: '3rem 1rem' }}>
      <span aria-hidden="true" css={ring} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
