import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { AppToaster, ThemeProvider } from '@kloof/ui';
import { fakeNetwork } from '@kloof/api-client/testing';
import { OFFLINE_MESSAGE, ONLINE_MESSAGE, watchNetworkStatus } from './network-status';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
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
    const network = fakeNetwork(true);
    renderToaster();
    stop = watchNetworkStatus(network.store);
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    act(() => network.browserSays(false));
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();

    act(() => network.workerSays(true));
    expect(await screen.findByText(ONLINE_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
  });

  it('says so at start when the page opens without a network', async () => {
    stop = watchNetworkStatus(fakeNetwork(false).store);
    renderToaster();
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
  });

  it('says so when the worker had to serve the page from its cache while the browser claims a network', async () => {
    const network = fakeNetwork(true);
    renderToaster();
    stop = watchNetworkStatus(network.store);
    act(() => network.workerSays(false));
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy();
  });
});
