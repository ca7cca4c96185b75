import type { ReactNode } from 'react';
import { panel } from '@kloof/ui';

/** The frame of every auth page: a centred card with the page's h1, lead text, form and links. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section css={{ maxWidth: '30rem', margin: '0 auto', padding: '3rem 1.25rem' }} aria-labelledby="auth-title">
      <div
        css={(theme) => ({
          ...panel(theme),
          padding: '2rem 1.5rem',
        })}
      >
        <h1 id="auth-title" css={{ fontSize: 'clamp(1.5rem, 3vw, 1.875rem)', margin: '0 0 0.5rem' }}>
          {title}
        </h1>
        {lead ? <p css={(theme) => ({ margin: '0 0 1.5rem', color: theme.colors.textMuted })}>{lead}</p> : null}
        {children}
      </div>
      {footer ? (
        <div
          css={(theme) => ({
            marginTop: '1.25rem',
            textAlign: 'center',
            color: theme.colors.textMuted,
            display: 'grid',
            gap: '0.5rem',
          })}
        >
          {footer}
        </div>
      ) : null}
    </section>
  );
}
