/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import { panel } from '../theme/layout';

/** An error the user must see, announced by screen readers, with an optional retry. */
export function ErrorNotice({
  title,
  children,
  onRetry,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      css={(theme) => ({
        ...panel(theme, theme.colors.surface, '0.75rem'),
        borderColor: theme.colors.danger,
        padding: '1rem 1.25rem',
      })}
    >
      <p css={(theme) => ({ margin: 0, fontWeight: 700, color: theme.colors.danger })}>{title}</p>
      {children ? <div css={{ marginTop: '0.25rem' }}>{children}</div> : null}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          css={(theme) => ({
            marginTop: '0.75rem',
            font: 'inherit',
            fontWeight: 600,
            background: 'none',
            border: 'none',
            padding: 0,
            color: theme.colors.primary,
            textDecoration: 'underline',
            cursor: 'pointer',
          })}
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
