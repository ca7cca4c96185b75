import { tokenStorage, type Tokens } from '@kloof/api-client';
import type { AuthSession, User } from './types';

type Listener = (session: AuthSession) => void;

function initialSession(): AuthSession {
  return {
    accessToken: tokenStorage.accessToken(),
    refreshToken: tokenStorage.refreshToken(),
    user: null,
    state: 'UNKNOWN',
    isCheckingAuth: false,
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
    /** Login with a user gives SIGNED_IN; without a user, SIGNED_OUT. */
    login(tokens: Tokens, user: User | null): void {
      tokenStorage.save(tokens);
      set({ ...tokens, user, state: user ? 'SIGNED_IN' : 'SIGNED_OUT', isCheckingAuth: false });
    },
    /** Logout clears both tokens and the user. */
    logout(): void {
      tokenStorage.clear();
      set({ accessToken: null, refreshToken: null, user: null, state: 'SIGNED_OUT', isCheckingAuth: false });
    },
    setUser(user: User | null): void {
      set({ user });
    },
    setChecking(isCheckingAuth: boolean): void {
      set({ isCheckingAuth });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore: AuthStore = createAuthStore();
