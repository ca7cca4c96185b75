import { useEffect, useRef, useSyncExternalStore } from 'react';
import { connectivity, type Connectivity } from '@kloof/api-client';
import { RemoteUnavailable } from './RemoteUnavailable';

/**
 * A remote page that could not be loaded. Offline, it says the page needs the network (it was
 * never opened on this device, so nothing is cached); either way it tries again by itself as
 * soon as the network is back, so a page never stays broken after the connection returns.
 */
export function PageLoadFailed({ retry, store = connectivity() }: { retry: () => void; store?: Connectivity }) {
  const online = useSyncExternalStore(store.subscribe, store.online, () => true);
  const latestRetry = useRef(retry);
  useEffect(() => {
    latestRetry.current = retry;
  });
  // The load may have failed because the network is gone while the browser still claims one.
  useEffect(() => {
    store.reportNetworkFailure();
  }, [store]);
  useEffect(() => {
    let wasOnline = store.online();
    return store.subscribe(() => {
      const nowOnline = store.online();
      if (nowOnline && !wasOnline) latestRetry.current();
      wasOnline = nowOnline;
    });
  }, [store]);
  if (online) return <RemoteUnavailable retry={retry} />;
  return (
    <section
      role="status"
      aria-labelledby="needs-network-title"
      css={{ maxWidth: '36rem', margin: '4rem auto', padding: '2rem', textAlign: 'center' }}
    >
      <h1 id="needs-network-title" css={{ fontSize: '1.5rem', margin: '0 0 0.75rem' }}>
        This page needs the network
      </h1>
      <p css={(theme) => ({ color: theme.colors.textMuted, margin: 0 })}>
        You are offline, and this page has not been opened on this device yet. It opens by itself when you are back
        online.
      </p>
    </section>
  );
}
