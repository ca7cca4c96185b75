import { afterEach, describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@kloof/ui';
import { ShellSkeleton } from './ShellSkeleton';
import { SHELL_ROOT_FONT_SIZE } from './use-root-font-size';

afterEach(() => localStorage.clear());

describe('the shell’s loading outline', () => {
  it('is drawn at the shell’s root font size, so its rem-wide sidebar is as wide as the real one (no jump)', () => {
    const { unmount } = render(
      <ThemeProvider>
        <ShellSkeleton />
      </ThemeProvider>,
    );
    expect(document.documentElement.style.fontSize).toBe(SHELL_ROOT_FONT_SIZE);
    unmount();
    expect(document.documentElement.style.fontSize).toBe('');
  });
});
