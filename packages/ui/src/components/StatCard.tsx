/** @jsxImportSource @emotion/react */
import type { Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { panel } from '../theme/layout';

interface Props {
  label: string;
  value: ReactNode;
  /** A short line under the value. */
  hint?: ReactNode;
  /** Makes the whole card a link. */
  to?: string;
}

/** One number of an overview (dashboard, admin index), optionally linking to its list. */
export function StatCard({ label, value, hint, to }: Props) {
  const body = (
    <>
      <span
        // A label longer than a phone's half-width card wraps inside it rather than running past its edge.
        css={(theme) => ({
          display: 'block',
          fontSize: '0.875rem',
          fontWeight: 600,
          color: theme.colors.textMuted,
          overflowWrap: 'break-word',
        })}
      >
        {label}
      </span>
      <span css={{ display: 'block', fontSize: '2rem', fontWeight: 800, lineHeight: 1.2, margin: '0.25rem 0' }}>
        {value}
      </span>
      {hint ? (
        <span css={(theme) => ({ display: 'block', fontSize: '0.8125rem', color: theme.colors.textMuted })}>
          {hint}
        </span>
      ) : null}
    </>
  );
  const look = (theme: Theme) => ({
    display: 'block',
    padding: '1.125rem 1.25rem',
    ...panel(theme),
    color: theme.colors.text,
    textDecoration: 'none',
  });
  if (to) {
    return (
      <Link to={to} css={(theme) => ({ ...look(theme), '&:hover': { borderColor: theme.colors.primary } })}>
        {body}
      </Link>
    );
  }
  return <div css={look}>{body}</div>;
}
