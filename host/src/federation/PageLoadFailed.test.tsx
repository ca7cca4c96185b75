import { describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@kloof/ui/testing';
import { fakeNetwork } from '@kloof/api-client/testing';
import { PageLoadFailed } from './PageLoadFailed';

describe('a remote page that could not be loaded', () => {
  it('offline: says the page needs the network, then tries again by itself when the network is back', async () => {
    const network = fakeNetwork(false);
    const retry = jest.fn();
    renderWithProviders(<PageLoadFailed retry={retry} store={network.store} />);
    expect(screen.getByRole('heading', { name: 'This page needs the network' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(retry).not.toHaveBeenCalled();
    await act(async () => {
      network.browserSays(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('online: the error with its Try again', () => {
    renderWithProviders(<PageLoadFailed retry={jest.fn()} store={fakeNetwork(true).store} />);
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a remote page that failed while the browser claims a network', () => {
  it('asks the network at once, and says the page needs it when nothing answers', async () => {
    const network = fakeNetwork(true);
    network.serverAnswers(false);
    renderWithProviders(<PageLoadFailed retry={jest.fn()} store={network.store} />);
    expect(await screen.findByRole('heading', { name: 'This page needs the network' })).toBeInTheDocument();
    expect(network.probes()).toBe(1);
  });
});
