import { authApi, tokenStorage } from '@kloof/api-client';
import { authStore, type AuthStore } from './store';

/** Revokes the session on the server (best effort: an unreachable API must not keep anyone signed in), then logs out. */
export async function signOut(store: AuthStore = authStore): Promise<void> {
  const refreshToken = tokenStorage.refreshToken();
  store.logout();
  if (!refreshToken) return;
  try {
    await authApi.logout(refreshToken);
  } catch {
    // The tokens are gone from this browser; the server-side session expires on its own.
  }
}
