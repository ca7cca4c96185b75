import { createContext, useContext, useSyncExternalStore } from 'react';

/** Whether the site can be reached, and a way to hear when that changes (the api client's connectivity store fits). */
export interface NetworkStatus {
  online(): boolean;
  subscribe(listener: () => void): () => void;
}

/** Without a provider (unit tests, prerendering) the network is taken as up. */
export const alwaysOnline: NetworkStatus = { online: () => true, subscribe: () => () => {} };

const NetworkStatusContext = createContext<NetworkStatus>(alwaysOnline);

/** The host provides the page's connectivity store here; this package never talks HTTP itself. */
export const NetworkStatusProvider = NetworkStatusContext.Provider;

/** True while the site can be reached; re-renders when that changes. */
export function useOnline(): boolean {
  const status = useContext(NetworkStatusContext);
  return useSyncExternalStore(status.subscribe, status.online, () => true);
}
