import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { KNOWN_USER_KEY } from '@kloof/auth';
import { COLOR_SCHEME_KEY, palettes, resolveColorScheme } from '@kloof/ui';
import { SIGNED_IN_HINT } from './session-hint';

// The inline script of index.html sets the theme before the app loads (no flash of the wrong
// theme). It must follow exactly the rule the app's ThemeProvider uses afterwards.
const html = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'public', 'index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
// The other inline script asks again for a host file refused for its hash (refused-host-file.test.ts).
const themeScript = inlineScripts.find((script) => script.includes(`'${COLOR_SCHEME_KEY}'`))!;

function systemPrefersDark(dark: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
  })) as typeof window.matchMedia;
}

function runThemeScript(): void {
  new Function(themeScript)();
}

describe('no-flash theme script in index.html', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('class');
    document.documentElement.removeAttribute('data-theme');
    document.documentElement.removeAttribute(SIGNED_IN_HINT);
  });
  afterEach(() => localStorage.clear());

  it('is the first inline script and stays tiny', () => {
    expect(inlineScripts[0]).toBe(themeScript);
    expect(themeScript.length).toBeLessThan(400);
  });

  it('marks the root signed in when this browser holds a confirmed user, and only then', () => {
    systemPrefersDark(false);
    runThemeScript();
    expect(document.documentElement.hasAttribute(SIGNED_IN_HINT)).toBe(false);
    localStorage.setItem(KNOWN_USER_KEY, JSON.stringify({ email: 'a@example.com', roles: [], verified: true }));
    runThemeScript();
    expect(document.documentElement.hasAttribute(SIGNED_IN_HINT)).toBe(true);
  });

  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    ['nonsense', true, 'dark'],
    ['nonsense', false, 'light'],
  ] as const)('stored %s, system dark %s: %s like the app decides', (stored, dark, expected) => {
    if (stored) localStorage.setItem(COLOR_SCHEME_KEY, stored);
    systemPrefersDark(dark);
    runThemeScript();
    expect(resolveColorScheme()).toBe(expected);
    expect(document.documentElement.dataset.theme).toBe(expected);
    expect(document.documentElement.classList.contains('dark')).toBe(expected === 'dark');
  });

  it('keeps working when storage is blocked', () => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('blocked');
    };
    try {
      expect(runThemeScript).not.toThrow();
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });

  it('paints the page background of each palette before the styles load', () => {
    expect(html).toContain(`html{background:${palettes.light.background};color:${palettes.light.text}}`);
    expect(html).toContain(`html.dark{background:${palettes.dark.background};color:${palettes.dark.text}}`);
  });
});
