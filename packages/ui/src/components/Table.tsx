/** @jsxImportSource @emotion/react */
import type { ReactNode } from 'react';
import type { CSSObject } from '@emotion/react';
import { visuallyHidden } from '../theme/layout';

/** Below this width a table with `columns` shows each row as a card: its first cell as the title, each other cell under its column's name. */
export const STACK_BELOW_PX = 640;

/**
 * On phones a row of four columns does not fit: rather than scrolling columns out of view, each
 * row becomes a card. The column names come from `columns` (CSS generated content, so callers'
 * cells need no change); the header row stays for screen readers, visually hidden.
 */
function stackedRows(columns: readonly string[]): CSSObject {
  const labels = Object.fromEntries(
    columns
      .slice(1)
      .map((column, index) => [`td:nth-of-type(${index + 2})::before`, { content: JSON.stringify(column) }]),
  );
  return {
    [`@media (max-width: ${STACK_BELOW_PX - 0.02}px)`]: {
      thead: visuallyHidden,
      // The table too: as a table its width would follow its longest word and push values out of the frame.
      '&, tbody, tr, td': { display: 'block' },
      'tbody tr': { padding: '0.75rem 1rem' },
      'tbody tr:hover': { background: 'none' },
      td: {
        padding: '0.25rem 0',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '0.25rem 1rem',
      },
      'td:first-of-type': { display: 'block', paddingBottom: '0.5rem', overflowWrap: 'anywhere' },
      'td::before': {
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: '0.06em',
        textTransform: 'uppercase',
      },
      ...labels,
    },
  };
}

/**
 * A data table with the product's look. With `columns`, the table writes its header row, the
 * children are the body's rows, and on phones each row is a card (see stackedRows); without, the
 * children are the whole table (thead and tbody) and it scrolls sideways inside its frame. The
 * caption names it for screen readers (visually hidden unless `showCaption`).
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
          caption: showCaption ? { textAlign: 'left', padding: '0.875rem 1rem', fontWeight: 700 } : visuallyHidden,
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
          ...(columns ? stackedRows(columns) : {}),
          'td::before': { color: theme.colors.textMuted },
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
