import type { Tokens } from '@kloof/api-contract';

/** Why the HTTP layer ended a session: a refused refresh, or a 401 that says the session is gone. */
export type SessionEndCause = 'refresh-refused' | 'session-gone';

/**
 * What the HTTP layer tells the layer that owns the user's session (packages/auth, which shows
 * the notices; the api client never imports UI): new tokens after a refresh, a refresh that
 * failed (the error, for its text, and how a refusal ends the session), or the session ended
 * (tokens already cleared).
 */
export type SessionEvent =
  | { type: 'refreshed'; tokens: Tokens }
  | { type: 'refresh-failed'; error: unknown; endsAs: SessionEndCause }
  | { type: 'ended'; reason: string; cause: SessionEndCause };
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
