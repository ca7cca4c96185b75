/** @jsxImportSource @emotion/react */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from '../components/ThemeToggle';
import { COLOR_SCHEME_KEY } from './color-scheme';
import { ThemeProvider } from './ThemeProvider';

/** A controllable system preference. */
let systemDark = false;
const listeners = new Set<() => void>();
function setSystemDark(dark: boolean): void {
  systemDark = dark;
  act(() => {
    for (const listener of listeners) listener();
  });
}

beforeEach(() => {
  localStorage.clear();
  systemDark = false;
  listeners.clear();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return systemDark && query === '(prefers-color-scheme: dark)';
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  document.documentElement.removeAttribute('class');
});

const root = () => document.documentElement;

describe('ThemeProvider and ThemeToggle', () => {
  it('toggles, stores the choice and applies it to the root element', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(root().dataset.theme).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(root().dataset.theme).toBe('dark');
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    expect(root()).not.toHaveClass('dark');
  });

  it('follows the system preference while nothing is stored', () => {
    render(<ThemeProvider>page</ThemeProvider>);
    setSystemDark(true);
    expect(root().dataset.theme).toBe('dark');
    setSystemDark(false);
    expect(root().dataset.theme).toBe('light');
  });

  it('keeps a stored choice when the system preference changes', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    render(<ThemeProvider>page</ThemeProvider>);
    setSystemDark(true);
    expect(root().dataset.theme).toBe('light');
  });

  it('applies a choice made in another tab', () => {
    render(<ThemeProvider>page</ThemeProvider>);
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: COLOR_SCHEME_KEY, newValue: 'dark' }));
    });
    expect(root().dataset.theme).toBe('dark');
  });
});
