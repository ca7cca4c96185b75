import { describe, expect, it } from '@jest/globals';
import { contrastRatio } from './contrast';
import { palettes, type ColorScheme, type Palette } from './tokens';

const textColours: (keyof Palette)[] = ['text', 'textMuted', 'primary', 'accent', 'danger', 'success'];
const backgrounds: (keyof Palette)[] = ['background', 'surface', 'surfaceMuted'];
const schemes: ColorScheme[] = ['light', 'dark'];

describe('contrastRatio', () => {
  it('gives 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0f766e', '#0f766e')).toBe(1);
  });

  it('rejects what is not a hex colour', () => {
    expect(() => contrastRatio('teal', '#fff')).toThrow('Not a hex colour: teal');
  });
});

describe.each(schemes)('%s palette', (scheme) => {
  const palette = palettes[scheme];

  it.each(textColours.flatMap((fg) => backgrounds.map((bg) => [fg, bg] as const)))(
    '%s on %s meets AA (4.5:1)',
    (fg, bg) => {
      expect(contrastRatio(palette[fg], palette[bg])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('button text on primary and on danger meets AA (4.5:1)', () => {
    expect(contrastRatio(palette.primaryText, palette.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.dangerText, palette.danger)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['borderStrong', 'focus'] as const)('%s stands out from every background (3:1)', (token) => {
    for (const bg of backgrounds) expect(contrastRatio(palette[token], palette[bg])).toBeGreaterThanOrEqual(3);
  });
});
