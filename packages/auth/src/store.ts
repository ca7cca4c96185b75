import { sessionEvents, tokenStorage, type Tokens } from '@kloof/api-client';
import { notifyRefreshFailure, notifySessionExpired, notifySessionGone, resetSessionNotices } from './notices';
import { knownUser } from './known-user';
import type { AuthSession, User } from './types';

type Listener = (session: AuthSession) => void;

/** The session of a visitor: no tokens, no user, nothing pending. */
export const SIGNED_OUT_SESSION: Readonly<AuthSession> = {
  accessToken: null,
  refreshToken: null,
  user: null,
  state: 'SIGNED_OUT',
  isCheckingAuth: false,
  landing: null,
  unconfirmed: false,
};

function initialSession(): AuthSession {
  return {
    accessToken: tokenStorage.accessToken(),
    refreshToken: tokenStorage.refreshToken(),
    user: null,
    state: 'UNKNOWN',
    isCheckingAuth: false,
    landing: null,
    unconfirmed: false,
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
    /**
     * Login with a user gives SIGNED_IN; without a user, SIGNED_OUT. `landing`: where to go next.
     * Without a user the tokens are not kept: held, they would start the check that signs in after all.
     */
    login(tokens: Tokens, user: User | null, options: { landing?: string } = {}): void {
      if (!user) {
        tokenStorage.clear();
        knownUser.clear();
        set(SIGNED_OUT_SESSION);
        return;
      }
      tokenStorage.save(tokens);
      resetSessionNotices();
      knownUser.save(user);
      set({
        ...tokens,
        user,
        state: 'SIGNED_IN',
        isCheckingAuth: false,
        landing: options.landing ?? null,
        unconfirmed: false,
      });
    },
    /** Logout clears both tokens and the user, and gives SIGNED_OUT. */
    logout(): void {
      tokenStorage.clear();
      knownUser.clear();
      set(SIGNED_OUT_SESSION);
    },
    /**
     * The API could not be asked (offline, or failing): a network failure is not a sign-out. The
     * tokens stay; the user this browser last confirmed is signed in until the API can be asked
     * again (without one, the state stays UNKNOWN and the guards say the network is needed).
     */
    keepUnconfirmed(): void {
      const user = session.user ?? knownUser.get();
      set({
        accessToken: tokenStorage.accessToken(),
        refreshToken: tokenStorage.refreshToken(),
        user,
        state: user ? 'SIGNED_IN' : 'UNKNOWN',
        isCheckingAuth: false,
        unconfirmed: true,
      });
    },
    /** New tokens from a refresh (this tab or another one). */
    setTokens(tokens: { accessToken: string | null; refreshToken: string | null }): void {
      set(tokens);
    },
    setUser(user: User | null): void {
      if (user) knownUser.save(user);
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

/**
 * Keeps a store in step with the HTTP layer, and tells the user: refreshed tokens; a failed
 * refresh (its text); a session the API ended (logout, then why: the guards send the user to
 * sign in, remembering where they were).
 */
export function followSessionEvents(store: AuthStore): () => void {
  return sessionEvents.subscribe((event) => {
    switch (event.type) {
      case 'refreshed':
        store.setTokens(event.tokens);
        return;
      case 'refresh-failed':
        // A refresh that only confirmed a session ended elsewhere: its end says why, as in navigation.
        if (event.endsAs !== 'session-gone') notifyRefreshFailure(event.error);
        return;
      case 'ended':
        store.logout();
        if (event.cause === 'session-gone') notifySessionGone();
        else notifySessionExpired();
    }
  });
}

export const authStore: AuthStore = createAuthStore();
followSessionEvents(authStore);
