import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { AxiosAdapter } from 'axios';
import { http, tokenStorage } from '@kloof/api-client';
import { aUser } from '@kloof/api-client/testing';
import { authStore } from '@kloof/auth';
import { renderWithProviders } from '@kloof/ui/testing';
import Logout from '../../../pages/Logout';

let calls: { url?: string; data?: unknown }[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push({ url: config.url, data: config.data ? JSON.parse(String(config.data)) : undefined });
  return { status: 204, statusText: 'No Content', data: undefined, headers: {}, config };
};
const realAdapter = http.defaults.adapter;

function renderLogout() {
  renderWithProviders(
    <Routes>
      <Route path="/user/logout" element={<Logout />} />
      <Route path="/auth/login" element={<h1>Sign in</h1>} />
    </Routes>,
    { route: '/user/logout' },
  );
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = realAdapter;
  act(() => authStore.logout());
});

describe('logout page: signs a signed-in user out, sends anyone else to sign-in', () => {
  it('with a signed-in user: calls logout with the refresh token, clears the session, goes to /auth/login', async () => {
    authStore.login(
      { accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' },
      aUser({ id: 'u1', email: 'a@example.com', username: 'ann' }),
    );
    renderLogout();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).toEqual([{ url: 'auth/logout', data: { refreshToken: 'refresh-token-123456789' } }]);
    expect(authStore.getSession()).toMatchObject({
      state: 'SIGNED_OUT',
      user: null,
      accessToken: null,
      refreshToken: null,
    });
    expect(tokenStorage.refreshToken()).toBeNull();
  });

  it('with tokens held but no user confirmed yet (UNKNOWN): signs out before going to sign-in', async () => {
    act(() => authStore.logout());
    tokenStorage.save({ accessToken: 'access-token-123456789', refreshToken: 'refresh-token-123456789' });
    // As on a fresh page load while the start-up check runs, or offline: tokens, no user, UNKNOWN.
    act(() => authStore.keepUnconfirmed());
    expect(authStore.getSession()).toMatchObject({ state: 'UNKNOWN', user: null });
    renderLogout();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).toEqual([{ url: 'auth/logout', data: { refreshToken: 'refresh-token-123456789' } }]);
    expect(tokenStorage.refreshToken()).toBeNull();
    expect(authStore.getSession()).toMatchObject({ state: 'SIGNED_OUT', accessToken: null, refreshToken: null });
  });

  it('with no user and SIGNED_OUT: stops loading and redirects without calling the API', async () => {
    act(() => authStore.logout());
    renderLogout();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
