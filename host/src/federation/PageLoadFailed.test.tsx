import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@kloof/ui/testing';
import { PageLoadFailed } from './PageLoadFailed';

function goOnline(online: boolean): void {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('a remote page that could not be loaded', () => {
  it('offline: says the page needs the network, then tries again by itself when the network is back', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const retry = jest.fn();
    renderWithProviders(<PageLoadFailed retry={retry} />);
    expect(screen.getByRole('heading', { name: 'This page needs the network' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(retry).not.toHaveBeenCalled();
    goOnline(true);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('online: the error with its Try again', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithProviders(<PageLoadFailed retry={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
