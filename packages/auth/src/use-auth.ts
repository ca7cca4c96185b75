import { useSyncExternalStore } from 'react';
import { authStore } from './store';
import type { AuthSession } from './types';

/** The current auth session; re-renders on every change. */
export function useAuth(): AuthSession {
  return useSyncExternalStore(authStore.subscribe, authStore.getSession, authStore.getSession);
}
