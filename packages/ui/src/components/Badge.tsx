/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

/** A short status label (role, verified, project status). */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      css={(theme) => {
        const color = {
          neutral: theme.colors.textMuted,
          primary: theme.colors.primary,
          success: theme.colors.success,
          warning: theme.colors.accent,
          danger: theme.colors.danger,
        }[tone];
        return {
          display: 'inline-block',
          padding: '0.125rem 0.5rem',
          borderRadius: '999px',
          border: `1px solid ${color}`,
          color,
          fontSize: '0.8125rem',
          fontWeight: 600,
          lineHeight: 1.5,
          whiteSpace: 'nowrap',
        };
      }}
    >
      {children}
    </span>
  );
}
