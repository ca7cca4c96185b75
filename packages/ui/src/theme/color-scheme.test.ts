import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { applyColorScheme, COLOR_SCHEME_KEY, resolveColorScheme } from './color-scheme';

function systemPrefersDark(dark: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
  })) as typeof window.matchMedia;
}

describe('colour scheme', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => document.documentElement.removeAttribute('class'));

  it('is stored under the colour-scheme key', () => {
    expect(COLOR_SCHEME_KEY).toBe('color-scheme');
  });

  it('uses the stored choice first', () => {
    systemPrefersDark(true);
    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    expect(resolveColorScheme()).toBe('light');
  });

  it('follows the system preference when nothing is stored', () => {
    systemPrefersDark(true);
    expect(resolveColorScheme()).toBe('dark');
  });

  it('defaults to light', () => {
    systemPrefersDark(false);
    expect(resolveColorScheme()).toBe('light');
  });

  it('applies dark as a data attribute and a dark class on the root element', () => {
    applyColorScheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    applyColorScheme('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
