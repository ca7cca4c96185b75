/**
 * The page's content column for blocks that carry their own side padding: content-box sizing so
 * the text lines up with PageIntro and Section (75rem of content, 1.25rem gutters).
 */
export const column = {
  boxSizing: 'content-box',
  maxWidth: '75rem',
  marginInline: 'auto',
  paddingInline: '1.25rem',
} as const;

/** A page's body under its PageIntro: the column as two tracks (`columns`) side by side from 1024 px up. */
export function columnWithAside(columns: string) {
  return {
    ...column,
    paddingBottom: 'clamp(3rem, 8vw, 5rem)',
    display: 'grid',
    gap: '2.5rem 4rem',
    '@media (min-width: 1024px)': { gridTemplateColumns: columns },
  } as const;
}
