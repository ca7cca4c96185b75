import type { ReactNode } from 'react';
import { plainList, panel } from '@kloof/ui';

/** One item of a list screen: main content on the left, actions on the right (stacked on phones). */
export function ItemRow({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <li
      css={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '0.75rem 1.25rem',
        padding: '1rem 1.25rem',
        ...panel(theme),
      })}
    >
      <div css={{ flex: '1 1 16rem', minWidth: 0 }}>{children}</div>
      {actions}
    </li>
  );
}

/** The list around ItemRows. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} css={{ ...plainList, display: 'grid', gap: '0.75rem' }}>
      {children}
    </ul>
  );
}

/** The small grey line of facts under an item's title. */
export function ItemMeta({ children }: { children: ReactNode }) {
  return (
    <p
      css={(theme) => ({
        margin: '0.375rem 0 0',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '0.25rem 0.75rem',
        fontSize: '0.875rem',
        color: theme.colors.textMuted,
      })}
    >
      {children}
    </p>
  );
}
