/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';

/**
 * A data table with the product's look. Scrolls sideways inside its frame on narrow screens; the
 * caption names it for screen readers (visually hidden unless `showCaption`). With `columns`, the
 * table writes its header row and the children are the body's rows; without, the children are the
 * whole table (thead and tbody).
 */
export function Table({
  caption,
  showCaption = false,
  columns,
  children,
}: {
  caption: string;
  showCaption?: boolean;
  columns?: readonly string[];
  children: ReactNode;
}) {
  return (
    <div
      css={(theme) => ({
        overflowX: 'auto',
        // Width 0 growing to 100%: the table's own width never widens the page or a grid around it,
        // it scrolls inside this frame instead.
        width: 0,
        minWidth: '100%',
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '1rem',
        background: theme.colors.background,
      })}
    >
      <table
        css={(theme) => ({
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: '0.9375rem',
          caption: showCaption
            ? { textAlign: 'left', padding: '0.875rem 1rem', fontWeight: 700 }
            : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
          'th, td': { padding: '0.75rem 1rem', textAlign: 'left', verticalAlign: 'middle' },
          th: {
            fontSize: '0.75rem',
            fontWeight: 700,
            letterSpacing: '0.06em',
            textTransform: 'uppercase',
            color: theme.colors.textMuted,
            background: theme.colors.surface,
            whiteSpace: 'nowrap',
          },
          'tbody tr': { borderTop: `1px solid ${theme.colors.border}` },
          'tbody tr:hover': { background: theme.colors.surface },
        })}
      >
        <caption>{caption}</caption>
        {columns ? (
          <>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </>
        ) : (
          children
        )}
      </table>
    </div>
  );
}
