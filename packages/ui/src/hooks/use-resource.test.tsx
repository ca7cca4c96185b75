/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { NetworkStatusProvider, type NetworkStatus } from '../network/network-status';
import { SavedCopiesProvider } from '../network/saved-copies';
import { OFFLINE_LOAD_TEXT, ResourceState } from '../components/ResourceState';
import { useResource } from './use-resource';

/** A network that the test switches off and on, as the connectivity store does. */
function switchableNetwork(online: boolean) {
  const listeners = new Set<() => void>();
  const status: NetworkStatus = {
    online: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    status,
    set(next: boolean) {
      online = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Names({ load }: { load: () => Promise<string[]> }) {
  const names = useResource(load, []);
  return (
    <ResourceState resource={names} what="the names" errorText={() => 'The server said no.'}>
      {(list) => <p>{list.join(', ')}</p>}
    </ResourceState>
  );
}

describe('a page’s data when the network goes and comes back', () => {
  it('offline, says so instead of the HTTP layer’s words; back online, loads again without a click', async () => {
    const network = switchableNetwork(true);
    let reachable = false;
    let loads = 0;
    const load = () => {
      loads += 1;
      return reachable ? Promise.resolve(['Ann', 'Ben']) : Promise.reject(new Error('Network Error'));
    };
    render(
      <NetworkStatusProvider value={network.status}>
        <Names load={load} />
      </NetworkStatusProvider>,
    );
    expect(await screen.findByText('The names could not be loaded')).toBeInTheDocument();
    network.set(false);
    expect(screen.getByText(OFFLINE_LOAD_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/network error/i)).not.toBeInTheDocument();

    reachable = true;
    network.set(true);
    expect(await screen.findByText('Ann, Ben')).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('a load that worked is not repeated when the network comes back', async () => {
    const network = switchableNetwork(true);
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve(['Ann']);
    };
    render(
      <NetworkStatusProvider value={network.status}>
        <Names load={load} />
      </NetworkStatusProvider>,
    );
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    network.set(false);
    network.set(true);
    expect(loads).toBe(1);
  });

  it('online, a failure keeps the caller’s text', async () => {
    render(<Names load={() => Promise.reject(new Error('x'))} />);
    expect(await screen.findByText('The server said no.')).toBeInTheDocument();
  });

  it('shows a saved copy with when it was saved, and the latest once back online', async () => {
    const network = switchableNetwork(false);
    const savedCopy = ['Ann'];
    const savedAt = Date.now() - 5 * 60 * 1000;
    let online = false;
    const load = () => Promise.resolve(online ? ['Ann', 'Ben'] : savedCopy);
    render(
      <NetworkStatusProvider value={network.status}>
        <SavedCopiesProvider value={{ savedAt: (data) => (data === savedCopy ? savedAt : null) }}>
          <Names load={load} />
        </SavedCopiesProvider>
      </NetworkStatusProvider>,
    );
    expect(await screen.findByText('Ann')).toBeInTheDocument();
    expect(screen.getByText('Saved 5 minutes ago')).toBeInTheDocument();

    online = true;
    network.set(true);
    expect(await screen.findByText('Ann, Ben')).toBeInTheDocument();
    expect(screen.queryByText(/^Saved /)).not.toBeInTheDocument();
  });
});
