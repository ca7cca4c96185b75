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
