import { toast } from '@kloof/ui';

export const OFFLINE_MESSAGE =
  'You are offline. Pages you have opened before still work; loading and saving data needs a connection.';
export const ONLINE_MESSAGE = 'You are back online.';

const TOAST_ID = 'network-status';

function showOffline(): void {
  toast.warning(OFFLINE_MESSAGE, { id: TOAST_ID, duration: Number.POSITIVE_INFINITY });
}

/** Tells the user when the network goes and comes back (one toast, replaced in place). */
export function watchNetworkStatus(target: Window = window): () => void {
  const online = () => {
    toast.success(ONLINE_MESSAGE, { id: TOAST_ID, duration: 4000 });
  };
  target.addEventListener('offline', showOffline);
  target.addEventListener('online', online);
  if (!target.navigator.onLine) showOffline();
  return () => {
    target.removeEventListener('offline', showOffline);
    target.removeEventListener('online', online);
  };
}
