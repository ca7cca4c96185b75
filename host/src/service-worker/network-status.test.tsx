import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { AppToaster, ThemeProvider } from '@kloof/ui';
import { OFFLINE_MESSAGE, ONLINE_MESSAGE, watchNetworkStatus } from './network-status';

function setOnline(online: boolean) {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  jest.restoreAllMocks();
});

function renderToaster() {
  render(
    <ThemeProvider>
      <AppToaster />
    </ThemeProvider>,
  );
}

describe('network status toast', () => {
  it('says so when the network goes, and when it is back', async () => {
    setOnline(true);
    renderToaster();
    stop = watchNetworkStatus();
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText(ONLINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
  });

  it('says so at start when the page opens without a network', async () => {
    setOnline(false);
    stop = watchNetworkStatus();
    renderToaster();
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
  });
});
