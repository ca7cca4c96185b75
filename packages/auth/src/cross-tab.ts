import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, tokenStorage } from '@kloof/api-client';
import { authStore, type AuthStore } from './store';

/**
 * Tokens live in localStorage, which every tab of the origin shares; the `storage` event tells
 * the other tabs. A logout (tokens removed) signs them out; a refresh or sign-in elsewhere gives
 * them the new tokens (and a signed-out tab then runs its check, see useAuthStartup).
 */
export function syncAcrossTabs(store: AuthStore = authStore): () => void {
  function onStorage(event: StorageEvent): void {
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY) return;
    const accessToken = tokenStorage.accessToken();
    const refreshToken = tokenStorage.refreshToken();
    if (!refreshToken) {
      if (store.getSession().state !== 'SIGNED_OUT') store.logout();
      return;
    }
    const session = store.getSession();
    if (session.accessToken !== accessToken || session.refreshToken !== refreshToken) {
      store.setTokens({ accessToken, refreshToken });
    }
  }
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
