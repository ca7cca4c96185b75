import type { Palette } from '@kloof/ui';

/** The palette tokens shown on the Branding page, with what each is for. */
export const brandColours: readonly { token: keyof Palette; name: string; use: string }[] = [
  { token: 'primary', name: 'Kloof teal', use: 'Links, buttons, the logo' },
  { token: 'accent', name: 'Fynbos amber', use: 'Highlights and warnings' },
  { token: 'text', name: 'Ink', use: 'Headings and body text' },
  { token: 'textMuted', name: 'Slate', use: 'Supporting text' },
  { token: 'background', name: 'Page', use: 'Page background' },
  { token: 'surface', name: 'Surface', use: 'Cards, footer, panels' },
  { token: 'success', name: 'Protea green', use: 'Success messages' },
  { token: 'danger', name: 'Signal red', use: 'Errors' },
  { token: 'focus', name: 'Focus blue', use: 'Keyboard focus ring' },
];
