import { useSyncExternalStore } from 'react';
import { authStore, SIGNED_OUT_SESSION } from './store';
import type { AuthSession } from './types';

/** What the server renders and hydration starts from: a page as a first-time visitor sees it. */
const visitorSession = (): AuthSession => SIGNED_OUT_SESSION;

/**
 * The current auth session; re-renders on every change. Prerendered HTML is hydrated as the
 * visitor's (signed out), then updated to this browser's session: the same markup both times.
 */
export function useAuth(): AuthSession {
  return useSyncExternalStore(authStore.subscribe, authStore.getSession, visitorSession);
}
