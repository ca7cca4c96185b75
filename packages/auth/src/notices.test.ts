import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createHttp, tokenStorage } from '@kloof/api-client';
import { aUser, createFakeApi } from '@kloof/api-client/testing';
import { toast } from '@kloof/ui';
import {
  JWT_EXPIRED_MESSAGE,
  JWT_EXPIRED_TOAST_MS,
  resetSessionNotices,
  SESSION_EXPIRED_DELAY_MS,
  SESSION_EXPIRED_MESSAGE,
  SESSION_GONE_MESSAGE,
} from './notices';
import { createAuthStore, followSessionEvents } from './store';

const user = aUser({ id: 'u1', email: 'ann@example.com', username: 'ann' });

let stopFollowing: () => void = () => undefined;
beforeEach(() => {
  localStorage.clear();
  resetSessionNotices();
});
afterEach(() => {
  stopFollowing();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/** The product's HTTP layer on a fake API, with a store that follows it as the real one does. */
async function signedInClient() {
  const api = createFakeApi();
  api.route('GET workspaces', () => ({ status: 200, data: [] }));
  const { http } = await createHttp();
  http.defaults.adapter = api.adapter;
  const store = createAuthStore();
  stopFollowing = followSessionEvents(store);
  store.login(api.expiredSession(), user);
  return { api, http, store };
}

describe('notices of a session ending, shown by the layer that owns the session', () => {
  it("on a refresh answered 'jwt expired': 'Your login has expired' for 1200 ms with a close button once, then 'Your Login has expired.' once it has stood them", async () => {
    jest.useFakeTimers();
    const error = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
    const { api, http, store } = await signedInClient();
    api.state.refreshFailure = { status: 401, code: 'session_expired', message: 'jwt expired' };
    const calls = Array.from({ length: 5 }, () => http.get('workspaces'));
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'RefreshError', ended: true });
    expect(store.getSession().state).toBe('SIGNED_OUT');

    expect(JWT_EXPIRED_MESSAGE).toBe('Your login has expired');
    expect(JWT_EXPIRED_TOAST_MS).toBe(1200);
    expect(error.mock.calls).toEqual([
      ['Your login has expired', { id: 'jwt-expired', duration: 1200, closeButton: true }],
    ]);
    // Not after 1 s: in the toast stack the newer toast would cover this one before its 1200 ms.
    jest.advanceTimersByTime(1199);
    expect(error).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenLastCalledWith(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your Login has expired.');

    // A second expiry in the same session does not show the 'jwt expired' toast again.
    tokenStorage.save(api.expiredSession());
    await expect(http.get('workspaces')).rejects.toMatchObject({ name: 'RefreshError' });
    expect(error.mock.calls.filter(([text]) => text === 'Your login has expired')).toHaveLength(1);
  });

  it("tells the expired refresh by its code session_expired, not by the words 'jwt expired'", async () => {
    jest.useFakeTimers();
    const error = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
    const { api, http } = await signedInClient();
    api.state.refreshFailure = { status: 401, code: 'session_expired', message: 'Refresh token past its end' };
    await expect(http.get('workspaces')).rejects.toMatchObject({ name: 'RefreshError', ended: true });
    expect(error.mock.calls[0]).toEqual([
      JWT_EXPIRED_MESSAGE,
      { id: 'jwt-expired', duration: 1200, closeButton: true },
    ]);
  });

  it("a refused refresh token (4xx): logs out, toasts the server's text, then 'Your Login has expired.' after 1 s", async () => {
    jest.useFakeTimers();
    const error = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
    const { http, store } = await signedInClient();
    tokenStorage.save({ accessToken: 'expired', refreshToken: 'revoked-refresh-token-000' });
    await expect(http.get('workspaces')).rejects.toMatchObject({ name: 'RefreshError', ended: true });
    expect(store.getSession().state).toBe('SIGNED_OUT');
    expect(error).toHaveBeenCalledWith('Invalid refresh token', { id: 'refresh-failed' });
    expect(error).not.toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE, expect.anything());
    expect(SESSION_EXPIRED_DELAY_MS).toBe(1000);
    jest.advanceTimersByTime(SESSION_EXPIRED_DELAY_MS);
    expect(error).toHaveBeenLastCalledWith(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
  });

  it("a refresh endpoint failing (500): logs out, with the server's error text", async () => {
    const error = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
    const { api, http, store } = await signedInClient();
    api.state.refreshFailure = { status: 500, code: 'internal_error', message: 'Sessions are being moved, one moment' };
    tokenStorage.save({ accessToken: 'expired', refreshToken: api.state.validRefresh });
    await expect(http.get('workspaces')).rejects.toMatchObject({ name: 'RefreshError', ended: true });
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_OUT', refreshToken: null });
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(error).toHaveBeenCalledWith('Sessions are being moved, one moment', { id: 'refresh-failed' });
  });

  it('a session the API no longer knows: logged out here (and in every tab), with a short message', async () => {
    const info = jest.spyOn(toast, 'info').mockImplementation(() => 'id');
    const { api, http, store } = await signedInClient();
    store.login({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh }, user);
    api.route('GET revoked', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    await expect(http.get('revoked')).rejects.toMatchObject({ response: { status: 401 } });
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_OUT', accessToken: null, refreshToken: null });
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(info).toHaveBeenCalledWith(SESSION_GONE_MESSAGE, { id: 'session-gone' });
    expect(SESSION_GONE_MESSAGE).toBe('Your session has ended. Please sign in again.');
  });
});
