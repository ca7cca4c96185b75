import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AppToaster } from '../components/AppToaster';
import { ThemeProvider } from '../theme/ThemeProvider';
import { toast } from './toast';

function mountToaster() {
  return render(
    <ThemeProvider>
      <AppToaster />
    </ThemeProvider>,
  );
}

const toaster = () => document.querySelector('[data-sonner-toaster]');
const shownTexts = () =>
  [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((title) => title.textContent);
/** Sonner adds its stylesheet to <head> when its module runs. */
const sonnerLoaded = () =>
  [...document.head.querySelectorAll('style')].some((style) => style.textContent?.includes('[data-sonner-toaster]'));

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('toast before sonner is loaded', () => {
  // First in the file: the module state (sonner not downloaded yet) is fresh per test file.
  it('downloads sonner and renders the Toaster only once a toast is asked for; early toasts all show, once, in order', async () => {
    mountToaster();
    expect(toaster()).toBeNull();
    expect(sonnerLoaded()).toBe(false);

    act(() => {
      toast('one');
      toast.success('two');
      toast.error('three');
    });
    // Sonner stacks the newest on top, as it does for toasts called with the Toaster up.
    await waitFor(() => expect(shownTexts()).toEqual(['three', 'two', 'one']));
    expect(sonnerLoaded()).toBe(true);
    expect(document.querySelector('[data-type="success"] [data-title]')).toHaveTextContent('two');
    expect(document.querySelector('[data-type="error"] [data-title]')).toHaveTextContent('three');
  });
});

describe('toast before the Toaster is mounted', () => {
  it('waits for the Toaster, then shows once', async () => {
    const sonner = await import('sonner');
    const success = jest.spyOn(sonner.toast, 'success');
    act(() => {
      toast.success('Saved before the Toaster');
    });
    expect(success).not.toHaveBeenCalled();

    mountToaster();
    expect(await screen.findByText('Saved before the Toaster')).toBeInTheDocument();
    expect(success).toHaveBeenCalledTimes(1);
    expect(shownTexts()).toEqual(['Saved before the Toaster']);
  });

  it('keeps ids: a later toast with the same id replaces the early one in place', async () => {
    act(() => {
      toast.warning('Offline', { id: 'network', duration: Number.POSITIVE_INFINITY });
      toast.success('Online', { id: 'network' });
    });
    mountToaster();
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(shownTexts()).toEqual(['Online']);
    expect(document.querySelector('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
  });

  it('never shows an early toast that was dismissed before the Toaster was ready', async () => {
    act(() => {
      const id = toast('Never shown');
      toast('Shown');
      toast.dismiss(id);
    });
    mountToaster();
    expect(await screen.findByText('Shown')).toBeInTheDocument();
    expect(shownTexts()).toEqual(['Shown']);
  });

  it("keeps an early toast's own duration (1200 ms, not the Toaster's 4000 ms) and close button", async () => {
    // On Jest's clock: waitFor's 3000 ms below are Jest's, not the machine's.
    jest.useFakeTimers();
    act(() => {
      toast.error('Your login has expired', { id: 'jwt-expired', duration: 1200, closeButton: true });
    });
    mountToaster();
    const shown = await screen.findByText('Your login has expired');
    expect(shown.closest('[data-sonner-toast]')!.querySelector('[data-close-button]')).not.toBeNull();
    await waitFor(() => expect(screen.queryByText('Your login has expired')).toBeNull(), { timeout: 3000 });
  });
});

describe('toast with the Toaster ready', () => {
  it("hands the call straight to sonner, options included, and returns sonner's id", async () => {
    mountToaster();
    const sonner = await import('sonner');
    const error = jest.spyOn(sonner.toast, 'error');
    let id: string | number = '';
    act(() => {
      id = toast.error('Network Error', { id: 'auth-check-failed' });
    });
    expect(error).toHaveBeenCalledWith('Network Error', expect.objectContaining({ id: 'auth-check-failed' }));
    expect(id).toBe('auth-check-failed');
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });
});

describe('never the same words twice at once', () => {
  it('five identical toasts show as one', async () => {
    mountToaster();
    act(() => {
      for (let i = 0; i < 5; i += 1) toast.error('The code is not valid');
    });
    await waitFor(() => expect(shownTexts()).toEqual(['The code is not valid']));
    act(() => {
      toast.error('The code is not valid');
    });
    expect(shownTexts()).toEqual(['The code is not valid']);
  });

  it("the two session-expiry texts ('Your login has expired', 'Your Login has expired.') share one toast, in order", async () => {
    // Sonner's auto-close runs on Jest's clock: the 1500 ms below pass without real waiting.
    jest.useFakeTimers();
    mountToaster();
    act(() => {
      toast.error('Your login has expired', { id: 'jwt-expired', duration: 1200, closeButton: true });
    });
    await waitFor(() => expect(shownTexts()).toEqual(['Your login has expired']));
    act(() => {
      toast.error('Your Login has expired.', { id: 'session-expired' });
    });
    await waitFor(() => expect(shownTexts()).toEqual(['Your Login has expired.']));
    // It now lives as long as the second call asks (the Toaster's 4 s), not the first one's 1200 ms.
    act(() => jest.advanceTimersByTime(1500));
    expect(shownTexts()).toEqual(['Your Login has expired.']);
    // The caller's own id still dismisses it.
    act(() => toast.dismiss('session-expired'));
    await waitFor(() => expect(shownTexts()).toEqual([]));
  });

  it('different words still stack, and the same words show again once the first is gone', async () => {
    mountToaster();
    act(() => {
      toast.success('Saved workspace “A”.');
      toast.success('Saved workspace “B”.');
    });
    await waitFor(() => expect(shownTexts()).toEqual(['Saved workspace “B”.', 'Saved workspace “A”.']));
    act(() => toast.dismiss());
    await waitFor(() => expect(shownTexts()).toEqual([]));
    act(() => {
      toast.success('Saved workspace “A”.');
    });
    await waitFor(() => expect(shownTexts()).toEqual(['Saved workspace “A”.']));
  });
});
