/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import { panel } from '../theme/layout';

/** Layout of the status pages (not found, access denied, system users only): code, title, text, actions. */
export function StatusPage({
  code,
  title,
  children,
  actions,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="status-title"
      css={(theme) => ({
        maxWidth: '40rem',
        margin: '0 auto',
        padding: 'clamp(3rem, 10vw, 6rem) 1.25rem',
        textAlign: 'center',
        '& p': { color: theme.colors.textMuted, margin: '0 0 1rem', fontSize: '1.0625rem' },
      })}
    >
      <span
        css={(theme) => ({
          display: 'inline-block',
          padding: '0.25rem 0.75rem',
          ...panel(theme, theme.colors.surface, '999px'),
          color: theme.colors.textMuted,
          fontSize: '0.875rem',
          fontWeight: 700,
          letterSpacing: '0.08em',
        })}
      >
        Error {code}
      </span>
      <h1
        id="status-title"
        // Balanced lines: 'Access Denied !' never leaves its '!' alone on a phone.
        css={{
          fontSize: 'clamp(2rem, 5vw, 3rem)',
          margin: '0.5rem 0 1rem',
          letterSpacing: '-0.02em',
          textWrap: 'balance',
        }}
      >
        {title}
      </h1>
      {children}
      <div css={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '0.75rem', marginTop: '2rem' }}>
        {actions}
      </div>
    </section>
  );
}
