/** @jsxImportSource @emotion/react */
import type { HTMLAttributes, ReactNode } from 'react';
import { panel } from '../theme/layout';

/** A bordered surface that groups related content. */
export function Card({ children, ...rest }: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  return (
    <div
      {...rest}
      css={(theme) => ({
        ...panel(theme),
        padding: '1.25rem',
      })}
    >
      {children}
    </div>
  );
}
