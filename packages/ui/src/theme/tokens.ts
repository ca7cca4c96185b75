/**
 * Colour tokens per theme. Every text colour meets WCAG AA (4.5:1) on background, surface and
 * surfaceMuted, and borderStrong/focus meet 3:1 for controls, in both themes (tokens.test.ts).
 */
export type ColorScheme = 'light' | 'dark';

export interface Palette {
  background: string;
  surface: string;
  surfaceMuted: string;
  text: string;
  textMuted: string;
  border: string;
  /** Borders of form controls and other UI that must stand out (3:1). */
  borderStrong: string;
  primary: string;
  primaryText: string;
  accent: string;
  danger: string;
  /** Text on a danger-coloured button (4.5:1). */
  dangerText: string;
  success: string;
  focus: string;
  overlay: string;
}

export const palettes: Record<ColorScheme, Palette> = {
  light: {
    background: '#ffffff',
    surface: '#f8fafc',
    surfaceMuted: '#eef2f6',
    text: '#0f172a',
    textMuted: '#475569',
    border: '#d5dde6',
    borderStrong: '#7c8799',
    primary: '#0f766e',
    primaryText: '#ffffff',
    accent: '#a14a0a',
    danger: '#b91c1c',
    dangerText: '#ffffff',
    success: '#15703a',
    focus: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.55)',
  },
  dark: {
    background: '#0b1220',
    surface: '#111a2e',
    surfaceMuted: '#1a2540',
    text: '#e8edf5',
    textMuted: '#a8b4c7',
    border: '#2b3954',
    borderStrong: '#6b7a96',
    primary: '#5eead4',
    primaryText: '#062925',
    accent: '#fbbf24',
    danger: '#fca5a5',
    dangerText: '#1f0a0a',
    success: '#86efac',
    focus: '#93c5fd',
    overlay: 'rgba(2, 6, 15, 0.7)',
  },
};

export const space = (n: number): string => `${n * 0.25}rem`;

export const radius = { sm: '0.375rem', md: '0.625rem', lg: '1rem', pill: '999px' } as const;

export const breakpoints = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

export const media = {
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

export const fontStack =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
