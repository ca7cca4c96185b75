/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import { visuallyHidden } from '../theme/layout';

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span css={{ ...visuallyHidden, padding: 0, margin: -1, border: 0 }}>{children}</span>;
}
