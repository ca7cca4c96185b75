import type { ReactNode } from 'react';

/** Layout of the host's own status pages (not found, access denied). */
export function StatusPage({ code, title, children }: { code: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="status-title"
      css={(theme) => ({
        maxWidth: '40rem',
        margin: '0 auto',
        padding: '5rem 1.25rem',
        textAlign: 'center',
        '& a': { color: theme.colors.primary, fontWeight: 600 },
        '& p': { color: theme.colors.textMuted, margin: '0 0 1.5rem' },
      })}
    >
      <p css={(theme) => ({ fontSize: '1rem', fontWeight: 700, letterSpacing: '0.1em', color: theme.colors.accent })}>
        {code}
      </p>
      <h1 id="status-title" css={{ fontSize: 'clamp(2rem, 5vw, 3rem)', margin: '0 0 1rem' }}>
        {title}
      </h1>
      {children}
    </section>
  );
}
