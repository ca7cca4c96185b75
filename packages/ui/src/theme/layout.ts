import type { CSSObject, Theme } from '@emotion/react';

/** A list without bullets or indent, for lists laid out as cards, grids or steps. */
export const plainList: CSSObject = { listStyle: 'none', margin: 0, padding: 0 };

/** Out of sight but still read by screen readers (a label, a caption, a header row). */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const satisfies CSSObject;

/**
 * A grid of as many columns at least `min` wide as fit, one column on phones (never wider than
 * the screen). `max` caps a column's width; 'auto-fill' keeps empty tracks so few items stay narrow.
 */
export function autoGrid(
  min: string,
  gap: string,
  { max = '1fr', fill = 'auto-fit' }: { max?: string; fill?: 'auto-fit' | 'auto-fill' } = {},
): CSSObject {
  return { display: 'grid', gap, gridTemplateColumns: `repeat(${fill}, minmax(min(100%, ${min}), ${max}))` };
}

/** The rounded, hairline-bordered surface of a card or panel (background: the surface unless given). */
export function panel(theme: Theme, background: string = theme.colors.surface, radius = '1rem'): CSSObject {
  return { borderRadius: radius, border: `1px solid ${theme.colors.border}`, background };
}

/**
 * One item of a list of cards (a signed-in device, a passkey): what it is on the left, its
 * buttons on the right, the buttons wrapping under it on a narrow screen.
 */
export function itemRow(theme: Theme): CSSObject {
  return {
    ...panel(theme, theme.colors.surface, '0.75rem'),
    padding: '0.875rem 1rem',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '0.75rem',
  };
}

/**
 * A square of `size` with its one child (an icon, a letter, a number) centred: icon buttons, badges,
 * step numbers. A `radius` of '999px' makes it round.
 */
export function iconBox(size: string, radius: string): CSSObject {
  // flexShrink 0: beside a long text in a flex row the box keeps its size instead of giving way to the text.
  return {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: 0,
    width: size,
    height: size,
    borderRadius: radius,
  };
}

/** The track of a thin horizontal bar (a share or progress); the fill inside is clipped to its rounded ends. */
export function barTrack(theme: Theme): CSSObject {
  return { height: '0.5rem', borderRadius: '999px', background: theme.colors.surfaceMuted, overflow: 'hidden' };
}
