import type { ReactNode } from 'react';

/** Long-form text (docs, job page): readable measure, spacing for headings and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div
      css={(theme) => ({
        fontSize: '1.0625rem',
        '& h2': { fontSize: '1.5rem', letterSpacing: '-0.01em', margin: '2.75rem 0 0.75rem', scrollMarginTop: '5rem' },
        '& h3': { fontSize: '1.1875rem', margin: '2rem 0 0.5rem', scrollMarginTop: '5rem' },
        '& p, & ul, & ol': { margin: '0 0 1rem', color: theme.colors.textMuted },
        '& li': { marginBottom: '0.375rem', paddingLeft: '0.25rem' },
        '& strong': { color: theme.colors.text },
        '& > :first-child': { marginTop: 0 },
      })}
    >
      {children}
    </div>
  );
}
