/** @jsxImportSource @emotion/react */
import { keyframes, type CSSObject, type Theme } from '@emotion/react';
import { media } from '../theme/tokens';
import { VisuallyHidden } from './VisuallyHidden';

const pulse = keyframes`50% { opacity: 0.55; }`;

/** One grey block of a skeleton, in the place and size of what is still loading. */
export const skeletonBlock =
  (size: CSSObject) =>
  (theme: Theme): CSSObject => ({
    background: theme.colors.surfaceMuted,
    borderRadius: '0.5rem',
    animation: `${pulse} 1.6s ease-in-out infinite`,
    [media.reducedMotion]: { animation: 'none' },
    ...size,
  });

/**
 * The outline of a page while it loads (heading, intro, cards) instead of a spinner: the layout
 * does not jump when the content arrives. Screen readers hear the label.
 */
export function PageSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="page-skeleton">
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden="true">
        <div css={skeletonBlock({ width: 'min(16rem, 70%)', height: '2rem', marginBottom: '0.75rem' })} />
        <div css={skeletonBlock({ width: 'min(28rem, 90%)', height: '1rem', marginBottom: '2rem' })} />
        <div
          css={{
            display: 'grid',
            gap: '1rem',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
          }}
        >
          {[0, 1, 2].map((n) => (
            <div key={n} css={skeletonBlock({ height: '7rem', borderRadius: '1rem' })} />
          ))}
        </div>
      </div>
    </div>
  );
}
