/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  /** Buttons shown beside the title, e.g. "New workspace". */
  actions?: ReactNode;
}

/** The h1 of a page with its lead text and actions. */
export function PageHeader({ title, description, actions }: Props) {
  return (
    <div
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: '1rem',
        marginBottom: '1.5rem',
      }}
    >
      {/* Long unbroken names and addresses wrap instead of widening the page. */}
      <div css={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <h1 css={{ fontSize: 'clamp(1.5rem, 3vw, 2rem)', margin: 0 }}>{title}</h1>
        {description ? (
          <p css={(theme) => ({ margin: '0.375rem 0 0', color: theme.colors.textMuted })}>{description}</p>
        ) : null}
      </div>
      {actions ? <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>{actions}</div> : null}
    </div>
  );
}
