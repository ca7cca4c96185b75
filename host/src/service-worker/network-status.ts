import { toast } from '@kloof/ui';
import { connectivity, type Connectivity } from '@kloof/api-client';

export const OFFLINE_MESSAGE =
  'You are offline. Pages you have opened before still work; loading and saving data needs a connection.';
export const ONLINE_MESSAGE = 'You are back online.';

const TOAST_ID = 'network-status';

function showOffline(): void {
  toast.warning(OFFLINE_MESSAGE, { id: TOAST_ID, duration: Number.POSITIVE_INFINITY });
}

/** Tells the user when the network goes and comes back (one toast, replaced in place). */
export function watchNetworkStatus(store: Connectivity = connectivity()): () => void {
  let wasOnline = store.online();
  if (!wasOnline) showOffline();
  return store.subscribe(() => {
    const online = store.online();
    if (online === wasOnline) return;
    wasOnline = online;
    if (online) toast.success(ONLINE_MESSAGE, { id: TOAST_ID, duration: 4000 });
    else showOffline();
  });
}
