/** @jsxImportSource @emotion/react */
import type { HTMLAttributes, ReactNode } from 'react';

/** A bordered surface that groups related content. */
export function Card({ children, ...rest }: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  return (
    <div
      {...rest}
      css={(theme) => ({
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '1rem',
        padding: '1.25rem',
      })}
    >
      {children}
    </div>
  );
}
