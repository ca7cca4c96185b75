import type { Tokens } from './types';

/**
 * What the HTTP layer tells the auth store (which lives in another package, so the api client
 * never imports it): new tokens after a refresh, or the session ended because a refresh failed.
 */
export type SessionEvent = { type: 'refreshed'; tokens: Tokens } | { type: 'ended'; reason: string };
type Listener = (event: SessionEvent) => void;

const listeners = new Set<Listener>();

export const sessionEvents = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: SessionEvent): void {
    for (const listener of listeners) listener(event);
  },
};
