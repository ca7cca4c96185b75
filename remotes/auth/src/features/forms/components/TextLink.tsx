import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';

/** An in-app text link in the theme's primary colour (AA in both themes). */
export function TextLink({ to, state, children }: { to: To; state?: unknown; children: ReactNode }) {
  return (
    <Link to={to} state={state} css={(theme) => ({ color: theme.colors.primary, fontWeight: 600 })}>
      {children}
    </Link>
  );
}
