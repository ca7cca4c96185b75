import { http, tokenStorage } from '@kloof/api-client';
import { authStore } from './store';
import type { User } from './types';

/** Resolves the session at start: signed out without a refresh token, else loads the user. */
export async function checkAuth(): Promise<void> {
  const refreshToken = tokenStorage.refreshToken();
  const accessToken = tokenStorage.accessToken();
  if (!refreshToken || !accessToken) {
    authStore.logout();
    return;
  }
  authStore.setChecking(true);
  try {
    const { data } = await http.get<User>('current-user', { params: { include: '[settings]' } });
    authStore.login({ accessToken, refreshToken }, data);
  } catch {
    authStore.logout();
  }
}
