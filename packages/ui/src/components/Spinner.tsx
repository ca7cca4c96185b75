/** @jsxImportSource @emotion/react */
import { keyframes } from '@emotion/react';
import { media } from '../theme/tokens';
import { VisuallyHidden } from './VisuallyHidden';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** Loading indicator with an accessible name. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" css={{ display: 'grid', placeItems: 'center', padding: '3rem 1rem' }}>
      <span
        aria-hidden="true"
        css={(theme) => ({
          width: '2.25rem',
          height: '2.25rem',
          borderRadius: '50%',
          border: `3px solid ${theme.colors.border}`,
          borderTopColor: theme.colors.primary,
          animation: `${spin} 0.8s linear infinite`,
          [media.reducedMotion]: { animationDuration: '2.4s' },
        })}
      />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
