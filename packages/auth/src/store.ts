import { resetSessionNotices, sessionEvents, tokenStorage, type Tokens } from '@kloof/api-client';
import type { AuthSession, User } from './types';

type Listener = (session: AuthSession) => void;

function initialSession(): AuthSession {
  return {
    accessToken: tokenStorage.accessToken(),
    refreshToken: tokenStorage.refreshToken(),
    user: null,
    state: 'UNKNOWN',
    isCheckingAuth: false,
    landing: null,
  };
}

/**
 * The auth store: one instance per page, shared by host and remotes as a federated singleton.
 * Immutable snapshots so React can subscribe with useSyncExternalStore.
 */
export function createAuthStore() {
  let session = initialSession();
  const listeners = new Set<Listener>();

  function set(patch: Partial<AuthSession>): void {
    session = { ...session, ...patch };
    for (const listener of listeners) listener(session);
  }

  return {
    getSession: (): AuthSession => session,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Login with a user gives SIGNED_IN; without a user, SIGNED_OUT. `landing`: where to go next. */
    login(tokens: Tokens, user: User | null, options: { landing?: string } = {}): void {
      tokenStorage.save(tokens);
      resetSessionNotices();
      set({
        ...tokens,
        user,
        state: user ? 'SIGNED_IN' : 'SIGNED_OUT',
        isCheckingAuth: false,
        landing: options.landing ?? null,
      });
    },
    /** Logout clears both tokens and the user, and gives SIGNED_OUT. */
    logout(): void {
      tokenStorage.clear();
      set({
        accessToken: null,
        refreshToken: null,
        user: null,
        state: 'SIGNED_OUT',
        isCheckingAuth: false,
        landing: null,
      });
    },
    /** The session could not be confirmed (API unreachable): signed out here, tokens kept for a later try. */
    markSignedOut(): void {
      set({ user: null, state: 'SIGNED_OUT', isCheckingAuth: false });
    },
    /** New tokens from a refresh (this tab or another one). */
    setTokens(tokens: { accessToken: string | null; refreshToken: string | null }): void {
      set(tokens);
    },
    setUser(user: User | null): void {
      set({ user });
    },
    setChecking(isCheckingAuth: boolean): void {
      set({ isCheckingAuth });
    },
    clearLanding(): void {
      if (session.landing !== null) set({ landing: null });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** Keeps a store in step with the HTTP layer: refreshed tokens, and logout when a refresh failed. */
export function followSessionEvents(store: AuthStore): () => void {
  return sessionEvents.subscribe((event) => {
    if (event.type === 'refreshed') store.setTokens(event.tokens);
    else store.logout();
  });
}

export const authStore: AuthStore = createAuthStore();
followSessionEvents(authStore);
