import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { act, render } from '@testing-library/react';
import { contrastRatio } from '../theme/contrast';
import { ThemeProvider, useColorScheme } from '../theme/ThemeProvider';
import { loadSonner, toast } from '../toast/toast';
import { AppToaster } from './AppToaster';

function Toggle() {
  const { toggle } = useColorScheme();
  return (
    <button type="button" onClick={toggle}>
      toggle
    </button>
  );
}

function show() {
  return render(
    <ThemeProvider>
      <Toggle />
      <AppToaster />
    </ThemeProvider>,
  );
}

/** Sonner adds toasts on the next tick. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const toaster = () => document.querySelector<HTMLElement>('[data-sonner-toaster]');
const toasts = () => [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];

// These tests are about the Toaster's settings, so they start with sonner downloaded (as after a
// first toast); the lazy path itself is tested in ../toast/toast.test.tsx.
beforeAll(async () => {
  await loadSonner();
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  localStorage.clear();
  jest.useRealTimers();
});

describe('AppToaster: 3 visible, 4 s, 356 px wide, 14 px apart, 18px text, rich colours', () => {
  it('is 356 px wide with a 14 px gap, rich colours, themed, 18px text', async () => {
    show();
    act(() => {
      toast.success('Saved');
    });
    await settle();
    const list = toaster()!;
    expect(list.style.getPropertyValue('--width')).toBe('356px');
    expect(list.style.getPropertyValue('--gap')).toBe('14px');
    expect(list.getAttribute('data-sonner-theme')).toBe('light');
    const [saved] = toasts();
    expect(saved!.getAttribute('data-rich-colors')).toBe('true');
    expect(saved!.style.fontSize).toBe('18px');
  });

  it.each(['light', 'dark'] as const)(
    'colours every kind of toast at 4.5:1 or more in the %s theme',
    async (scheme) => {
      const { getByRole } = show();
      act(() => {
        if (scheme === 'dark') getByRole('button', { name: 'toggle' }).click();
        toast.success('Saved');
      });
      await settle();
      const list = toaster()!;
      expect(list.getAttribute('data-sonner-theme')).toBe(scheme);
      for (const kind of ['success', 'info', 'warning', 'error']) {
        const [text, background] = ['text', 'bg'].map((part) => list.style.getPropertyValue(`--${kind}-${part}`));
        expect({ kind, ratio: contrastRatio(text!, background!) >= 4.5 }).toEqual({ kind, ratio: true });
      }
    },
  );

  it("sizes a toast's action button for the 18px text (the update prompt's Reload)", async () => {
    show();
    act(() => {
      toast('New content available. Reload?', { action: { label: 'Reload', onClick: () => undefined } });
    });
    await settle();
    const reload = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast] button')].find(
      (button) => button.textContent === 'Reload',
    );
    expect(reload!.style.fontSize).toBe('16px');
    expect(reload!.style.minHeight).toBe('36px');
  });

  it('follows the dark theme', async () => {
    const { getByRole } = show();
    act(() => {
      getByRole('button', { name: 'toggle' }).click();
      toast('Hello');
    });
    await settle();
    expect(toaster()!.getAttribute('data-sonner-theme')).toBe('dark');
  });

  it('shows 3 toasts at a time', async () => {
    show();
    act(() => {
      for (const text of ['one', 'two', 'three', 'four']) toast(text);
    });
    await settle();
    expect(toasts().filter((t) => t.getAttribute('data-visible') === 'true')).toHaveLength(3);
  });

  it('keeps a toast for 4000 ms', async () => {
    jest.useFakeTimers();
    show();
    act(() => {
      toast('Short-lived');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(toasts()).toHaveLength(1);
    act(() => {
      jest.advanceTimersByTime(3900);
    });
    expect(toasts()[0]!.getAttribute('data-removed')).toBe('false');
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(toasts()[0]?.getAttribute('data-removed') ?? 'true').toBe('true');
  });

  it('has icons for loading, info, error, success and warning', async () => {
    show();
    act(() => {
      toast.loading('Loading');
      toast.info('Info');
      toast.error('Error');
    });
    act(() => {
      toast.success('Success');
      toast.warning('Warning');
    });
    await settle();
    for (const type of ['loading', 'info', 'error', 'success', 'warning']) {
      const item = toasts().find((t) => t.getAttribute('data-type') === type)!;
      expect(item.querySelector('[data-icon] svg, [data-icon] .sonner-loading-wrapper')).not.toBeNull();
    }
  });

  it("uses sonner's built-in 45 px swipe threshold (no prop exists for it)", () => {
    const entry = createRequire(import.meta.url).resolve('sonner');
    const source = readFileSync(entry.replace(/index\.js$/, 'index.mjs'), 'utf8');
    expect(source).toMatch(/const SWIPE_THRESHOLD = 45;/);
  });
});
