import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { toast } from '@kloof/ui';
import { connectivity, http, tokenStorage } from '@kloof/api-client';
import { resetSessionNotices } from './notices';
import { createFakeApi, fakeJwt, fakeNetwork, inOneHour, networkError } from '@kloof/api-client/testing';

/**
 * A network the test switches, which the whole page sees (as in the browser, where the client's
 * offline layer and the re-check read one store; here an earlier test's failed request would
 * leave the page's own store offline).
 */
function pageNetwork(online: boolean) {
  const network = fakeNetwork(online);
  jest.spyOn(connectivity(), 'online').mockImplementation(() => network.store.online());
  return network;
}
import {
  AUTH_RETRY_DELAY_MS,
  AUTH_RETRY_LIMIT,
  checkAuth,
  createStartupCheck,
  MAX_STARTUP_CHECKS,
  RELOAD_AFTER_REFRESH_MS,
  RELOAD_MARK_KEY,
  recheckWhenOnline,
} from './check';
import { createAuthStore, followSessionEvents } from './store';

const user = { id: 'u1', email: 'ann@example.com', username: 'ann', roles: [], verified: true };

let api: ReturnType<typeof createFakeApi>;
let store: ReturnType<typeof createAuthStore>;
let stopFollowing: () => void;
let toastError: ReturnType<typeof jest.spyOn>;
const reload = jest.fn();

function currentUserFetches() {
  return api.state.requests.filter((r) => r.url === 'current-user');
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionNotices();
  reload.mockReset();
  api = createFakeApi();
  api.route('GET current-user', (config) => ({
    status: 200,
    data: {
      ...user,
      ...((config.params as { include?: string } | undefined)?.include === '[settings]'
        ? { settings: { theme: 'dark', newsletter: false } }
        : {}),
    },
  }));
  http.defaults.adapter = api.adapter;
  store = createAuthStore();
  stopFollowing = followSessionEvents(store);
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
});
afterEach(() => {
  stopFollowing();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('auth check: from the tokens held to SIGNED_IN or SIGNED_OUT', () => {
  it('with no refresh token: SIGNED_OUT, without calling the API', async () => {
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: '' });
    await expect(checkAuth({ store, reload })).resolves.toBe('SIGNED_OUT');
    expect(store.getSession().state).toBe('SIGNED_OUT');
    expect(api.state.requests).toHaveLength(0);
  });

  it('with a valid access token: fetches the user (with settings) using that token, then SIGNED_IN', async () => {
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await expect(checkAuth({ store, reload, settings: true })).resolves.toBe('SIGNED_IN');
    const session = store.getSession();
    expect(session).toMatchObject({
      state: 'SIGNED_IN',
      isCheckingAuth: false,
      user: { email: user.email, settings: { theme: 'dark' } },
    });
    expect(currentUserFetches()[0]?.params).toEqual({ include: '[settings]' });
    expect(api.state.refreshCalls).toBe(0);
  });

  it('shows isCheckingAuth while checking', async () => {
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const done = checkAuth({ store, reload });
    expect(store.getSession().isCheckingAuth).toBe(true);
    await done;
    expect(store.getSession().isCheckingAuth).toBe(false);
  });

  it.each([
    ['only a refresh token', () => ''],
    ['an access token past its exp', () => fakeJwt(Math.floor(Date.now() / 1000) - 5)],
    ['an access token shorter than 16 characters', () => 'short.token'],
  ])('with %s: refreshes first, then fetches the user with the new token', async (_name, access) => {
    localStorage.setItem('refreshToken', api.state.validRefresh);
    const stale = access();
    if (stale) localStorage.setItem('accessToken', stale);
    await expect(checkAuth({ store, reload })).resolves.toBe('SIGNED_IN');
    expect(api.state.refreshCalls).toBe(1);
    expect(tokenStorage.accessToken()).toBe(api.state.validAccess);
    expect(store.getSession().accessToken).toBe(api.state.validAccess);
  });

  it('after a failed user fetch followed by a successful refresh: stores the new tokens and reloads after 4 s', async () => {
    // The clock says valid, the server says expired (e.g. a skewed clock).
    tokenStorage.save({ accessToken: fakeJwt(inOneHour(), 'server-expired'), refreshToken: api.state.validRefresh });
    const state = checkAuth({ store, reload });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.state.refreshCalls).toBe(1);
    expect(tokenStorage.accessToken()).toBe(api.state.validAccess);
    await jest.advanceTimersByTimeAsync(AUTH_RETRY_DELAY_MS);
    await expect(state).resolves.toBe('SIGNED_IN');
    expect(RELOAD_AFTER_REFRESH_MS).toBe(4000);
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_REFRESH_MS - AUTH_RETRY_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again right after such a reload (no reload loop)', async () => {
    sessionStorage.setItem(RELOAD_MARK_KEY, '1');
    tokenStorage.save({ accessToken: fakeJwt(inOneHour(), 'server-expired'), refreshToken: api.state.validRefresh });
    const state = checkAuth({ store, reload });
    await jest.advanceTimersByTimeAsync(10_000);
    await expect(state).resolves.toBe('SIGNED_IN');
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_MARK_KEY)).toBeNull();
  });

  it("retries on TokenExpiredError up to 4 times, 1 s apart, then shows 'Your Login has expired.', with no reload in between", async () => {
    api.route('GET current-user', () => ({
      status: 401,
      data: { statusCode: 401, code: 'token_expired', message: 'TokenExpiredError', error: 'Unauthorized' },
    }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const state = checkAuth({ store, reload });
    expect(AUTH_RETRY_LIMIT).toBe(4);
    expect(AUTH_RETRY_DELAY_MS).toBe(1000);
    await jest.advanceTimersByTimeAsync(0);
    expect(currentUserFetches()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(currentUserFetches()).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(currentUserFetches()).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(3000);
    await expect(state).resolves.toBe('SIGNED_OUT');
    expect(currentUserFetches()).toHaveLength(1 + AUTH_RETRY_LIMIT);
    expect(toastError).toHaveBeenCalledWith('Your Login has expired.', { id: 'session-expired' });
    expect(store.getSession().state).toBe('SIGNED_OUT');
    expect(tokenStorage.refreshToken()).toBeNull();
    // Each try refreshed the tokens: a reload 4 s after the first would have cut the fifth short.
    await jest.advanceTimersByTimeAsync(2 * RELOAD_AFTER_REFRESH_MS);
    expect(reload).not.toHaveBeenCalled();
  });

  it("when the refresh is refused ('jwt expired'): logs out with the session-ended toasts", async () => {
    api.state.refreshFailure = { status: 401, code: 'session_expired', message: 'jwt expired' };
    tokenStorage.save({ accessToken: fakeJwt(1, 'old'), refreshToken: api.state.validRefresh });
    await expect(checkAuth({ store, reload })).resolves.toBe('SIGNED_OUT');
    expect(api.state.refreshCalls).toBe(1);
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_OUT', accessToken: null, refreshToken: null });
    expect(toastError).toHaveBeenCalledWith('Your login has expired', {
      id: 'jwt-expired',
      duration: 1200,
      closeButton: true,
    });
    // After the 1200 ms of that toast, which it would otherwise cover in the stack.
    await jest.advanceTimersByTimeAsync(1200);
    expect(toastError).toHaveBeenLastCalledWith('Your Login has expired.', { id: 'session-expired' });
  });

  it('a token refused before its exp (wrong signature) with a good refresh token: stores the new tokens, signs in, reloads after 4 s', async () => {
    const forged = fakeJwt(inOneHour(), 'forged');
    api.state.refusedAccess.add(forged);
    const oldRefresh = api.state.validRefresh;
    tokenStorage.save({ accessToken: forged, refreshToken: oldRefresh });
    const state = checkAuth({ store, reload });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.state.refreshCalls).toBe(1);
    expect(tokenStorage.accessToken()).toBe(api.state.validAccess);
    expect(tokenStorage.refreshToken()).toBe(api.state.validRefresh);
    expect(tokenStorage.refreshToken()).not.toBe(oldRefresh);
    await jest.advanceTimersByTimeAsync(AUTH_RETRY_DELAY_MS);
    await expect(state).resolves.toBe('SIGNED_IN');
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_IN', accessToken: api.state.validAccess });
    await jest.advanceTimersByTimeAsync(RELOAD_AFTER_REFRESH_MS - AUTH_RETRY_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it("a 401 that is not an expiry, with the refresh refused too: 'authorised = false', signed out, told the session has ended", async () => {
    const toastInfo = jest.spyOn(toast, 'info').mockImplementation(() => 'id');
    api.route('GET current-user', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    api.state.refreshFailure = { status: 401, code: 'invalid_refresh_token', message: 'Invalid refresh token' };
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const onFailure = jest.fn();
    await expect(checkAuth({ store, reload, onFailure })).resolves.toBe('SIGNED_OUT');
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'authorised = false' }));
    expect(currentUserFetches()).toHaveLength(1);
    expect(api.state.refreshCalls).toBe(1);
    expect(tokenStorage.refreshToken()).toBeNull();
    // The same words in-app navigation gives for a session ended elsewhere, and not the raw refusal.
    expect(toastInfo).toHaveBeenCalledWith('Your session has ended. Please sign in again.', { id: 'session-gone' });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(toastError).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a server that refuses even the renewed tokens: signs out after 4 retries, without reloading', async () => {
    jest.spyOn(toast, 'info').mockImplementation(() => 'id');
    api.route('GET current-user', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const state = checkAuth({ store, reload });
    await jest.advanceTimersByTimeAsync(AUTH_RETRY_LIMIT * AUTH_RETRY_DELAY_MS);
    await expect(state).resolves.toBe('SIGNED_OUT');
    expect(currentUserFetches()).toHaveLength(1 + AUTH_RETRY_LIMIT);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it("an empty user ends in 'user is null': signed out", async () => {
    api.route('GET current-user', () => ({ status: 200, data: null }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const onFailure = jest.fn();
    await expect(checkAuth({ store, reload, onFailure })).resolves.toBe('SIGNED_OUT');
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'user is null' }));
    expect(store.getSession().user).toBeNull();
  });

  it("when the API cannot be reached: retries 4 times, then keeps the tokens (not a sign-out), and leaves telling it to the network notice (no 'Network Error' toast)", async () => {
    http.defaults.adapter = async (config) => {
      api.state.requests.push(config);
      throw networkError(config);
    };
    const tokens = { accessToken: api.state.validAccess, refreshToken: api.state.validRefresh };
    tokenStorage.save(tokens);
    const state = checkAuth({ store, reload });
    await jest.advanceTimersByTimeAsync(4 * AUTH_RETRY_DELAY_MS);
    // No user was ever confirmed in this browser: the state stays UNKNOWN, never SIGNED_OUT.
    await expect(state).resolves.toBe('UNKNOWN');
    expect(currentUserFetches()).toHaveLength(5);
    expect(store.getSession()).toMatchObject({ ...tokens, state: 'UNKNOWN', unconfirmed: true, isCheckingAuth: false });
    expect(tokenStorage.refreshToken()).toBe(tokens.refreshToken);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('reloading offline stays signed in as the last confirmed user, without retries or a toast', async () => {
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await checkAuth({ store, reload });
    expect(store.getSession().state).toBe('SIGNED_IN');

    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    http.defaults.adapter = async (config) => {
      api.state.requests.push(config);
      throw networkError(config);
    };
    const reloaded = createAuthStore();
    const before = currentUserFetches().length;
    await expect(checkAuth({ store: reloaded, reload })).resolves.toBe('SIGNED_IN');
    expect(currentUserFetches().length - before).toBe(1);
    expect(reloaded.getSession()).toMatchObject({ state: 'SIGNED_IN', user: { email: user.email }, unconfirmed: true });
    expect(tokenStorage.accessToken()).toBe(api.state.validAccess);
    expect(toastError).not.toHaveBeenCalled();
    offline.mockRestore();
  });

  it('a server fault (5xx) keeps the session too', async () => {
    api.route('GET current-user', () => ({
      status: 503,
      data: { statusCode: 503, code: 'database_unavailable', message: 'Down', error: 'x' },
    }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const state = checkAuth({ store, reload });
    await jest.advanceTimersByTimeAsync(4 * AUTH_RETRY_DELAY_MS);
    await expect(state).resolves.toBe('UNKNOWN');
    expect(tokenStorage.refreshToken()).toBe(api.state.validRefresh);
  });
});

describe('back online', () => {
  it('checks an unconfirmed session again when the API can be reached again, and only then', async () => {
    const network = pageNetwork(false);
    const stop = recheckWhenOnline({ store, reload }, network.store);
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    network.workerSays(true);
    expect(currentUserFetches()).toHaveLength(0); // nothing to confirm

    network.workerSays(false);
    store.keepUnconfirmed();
    network.workerSays(true);
    network.workerSays(false);
    network.workerSays(true); // joins the check in flight
    await jest.advanceTimersByTimeAsync(0);
    expect(currentUserFetches()).toHaveLength(1);
    expect(currentUserFetches()[0]?.params).toEqual({ include: '[settings]' });
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_IN', unconfirmed: false });
    stop();
  });

  it('ends the session if the API refuses it once reachable', async () => {
    const network = pageNetwork(false);
    const stop = recheckWhenOnline({ store, reload }, network.store);
    api.route('GET current-user', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    api.state.refreshFailure = { status: 401, code: 'invalid_refresh_token', message: 'Invalid refresh token' };
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    store.keepUnconfirmed();
    network.workerSays(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getSession()).toMatchObject({ state: 'SIGNED_OUT', refreshToken: null, unconfirmed: false });
    stop();
  });
});

describe('start-up check: runs when a token is held, at most twice', () => {
  it('without tokens: SIGNED_OUT and no check', () => {
    const startup = createStartupCheck({ store, reload });
    expect(startup.run()).toBeNull();
    expect(store.getSession().state).toBe('SIGNED_OUT');
    expect(api.state.requests).toHaveLength(0);
  });

  it('with a token: runs the check with settings, joins a check in flight, and runs at most 2 times', async () => {
    expect(MAX_STARTUP_CHECKS).toBe(2);
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const startup = createStartupCheck({ store, reload });
    const first = startup.run();
    expect(startup.run()).toBe(first);
    await first;
    expect(store.getSession().user?.settings).toEqual({ theme: 'dark', newsletter: false });
    await startup.run();
    expect(startup.run()).toBeNull();
    expect(startup.runs()).toBe(2);
    expect(currentUserFetches()).toHaveLength(2);
  });
});
