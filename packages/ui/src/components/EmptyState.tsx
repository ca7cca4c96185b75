/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';

/** What a list shows when it has nothing yet, with the next step to take. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div
      css={(theme) => ({
        textAlign: 'center',
        padding: '2.5rem 1rem',
        border: `1px dashed ${theme.colors.border}`,
        borderRadius: '1rem',
        color: theme.colors.textMuted,
      })}
    >
      <h2 css={(theme) => ({ fontSize: '1.125rem', margin: '0 0 0.5rem', color: theme.colors.text })}>{title}</h2>
      {children ? <div css={{ marginBottom: action ? '1rem' : 0 }}>{children}</div> : null}
      {action}
    </div>
  );
}
