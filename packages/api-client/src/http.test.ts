import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AxiosHeaders } from 'axios';
import { createHttp, REQUEST_TIMEOUT_MS } from './http';
import { configureRuntime } from './runtime-config';
import { sessionEvents, type SessionEvent } from './session-events';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, tokenStorage } from './token-storage';
import { requestActivity } from './activity';
import { createFakeApi } from '../testing/fake-api';

async function setup(options: { refreshDelayMs?: number } = {}) {
  const api = createFakeApi(options);
  api.route('GET workspaces', () => ({ status: 200, data: [{ id: 'w1' }] }));
  const { http: instance } = await createHttp();
  instance.defaults.adapter = api.adapter;
  return { api, http: instance };
}

let events: SessionEvent[] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  localStorage.clear();
  events = [];
  unsubscribe = sessionEvents.subscribe((event) => events.push(event));
  configureRuntime({ apiHost: '' });
});
afterEach(() => {
  unsubscribe();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the one axios instance: base /v1/, 300000 ms timeout, JSON, bearer token', () => {
  it('uses <API host>/v1/, a 300000 ms timeout and JSON', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
    const { api, http: instance } = await setup();
    expect(instance.defaults.timeout).toBe(300000);
    expect(AxiosHeaders.from(instance.defaults.headers as never).get('Content-Type')).toBe('application/json');
    configureRuntime({ apiHost: 'https://api.example.test/' });
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await instance.get('workspaces');
    expect(api.state.requests[0]?.baseURL).toBe('https://api.example.test/v1/');
    expect(api.state.requests[0]?.timeout).toBe(300000);
  });

  it('sends the bearer access token unless the call sets authorization: false', async () => {
    const { api, http: instance } = await setup();
    api.route('POST auth/login', () => ({ status: 200, data: {} }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await instance.get('workspaces');
    await instance.post('auth/login', {}, { authorization: false });
    const [withToken, without] = api.state.requests;
    expect(AxiosHeaders.from(withToken!.headers).get('Authorization')).toBe(`Bearer ${api.state.validAccess}`);
    expect(AxiosHeaders.from(without!.headers).has('Authorization')).toBe(false);
  });

  it('sends each call with a traceparent of its own: a new trace the servers continue', async () => {
    const { api, http: instance } = await setup();
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await instance.get('workspaces');
    await instance.get('workspaces');
    const sent = api.state.requests.map((request) => AxiosHeaders.from(request.headers).get('traceparent'));
    for (const header of sent) expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(String(sent[0]).slice(3, 35)).not.toBe(String(sent[1]).slice(3, 35));
  });

  it('keeps an explicit bearer token given by the call', async () => {
    const { api, http: instance } = await setup();
    tokenStorage.save({ accessToken: 'stored-token-that-is-long', refreshToken: api.state.validRefresh });
    await instance.get('workspaces', { headers: { Authorization: `Bearer ${api.state.validAccess}` } });
    expect(AxiosHeaders.from(api.state.requests[0]!.headers).get('Authorization')).toBe(
      `Bearer ${api.state.validAccess}`,
    );
  });

  it('counts requests in flight for the progress bar', async () => {
    const { api, http: instance } = await setup();
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const seen: number[] = [];
    const stop = requestActivity.subscribe((n) => seen.push(n));
    await instance.get('workspaces');
    stop();
    expect(seen).toEqual([1, 0]);
  });
});

describe('refresh on 401 TokenExpiredError: once, with concurrent requests queued and retried', () => {
  it('refreshes exactly once for 20 concurrent requests, retries them all, and stores the new tokens', async () => {
    const { api, http: instance } = await setup({ refreshDelayMs: 20 });
    tokenStorage.save(api.expiredSession());
    const results = await Promise.all(Array.from({ length: 20 }, () => instance.get('workspaces')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(api.state.refreshCalls).toBe(1);
    expect(tokenStorage.accessToken()).toBe(api.state.validAccess);
    expect(tokenStorage.refreshToken()).toBe(api.state.validRefresh);
    expect(events).toEqual([
      { type: 'refreshed', tokens: { accessToken: api.state.validAccess, refreshToken: api.state.validRefresh } },
    ]);
  });

  it('retries a call after the refresh within the trace it started', async () => {
    const { api, http: instance } = await setup();
    tokenStorage.save(api.expiredSession());
    await instance.get('workspaces');
    const [expired, retried] = api.state.requests
      .filter((r) => r.url === 'workspaces')
      .map((r) => AxiosHeaders.from(r.headers).get('traceparent'));
    expect(retried).toBeDefined();
    expect(retried).toBe(expired);
  });

  it('queues a request made while a refresh is in flight instead of sending the old token', async () => {
    const { api, http: instance } = await setup();
    // The refresh is held open until the late request has been made, however slow the machine.
    let refreshStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (refreshStarted = resolve));
    let releaseRefresh = (): void => undefined;
    const released = new Promise<void>((resolve) => (releaseRefresh = resolve));
    instance.defaults.adapter = async (config) => {
      if (config.url === 'auth/refreshToken') {
        refreshStarted();
        await released;
      }
      return api.adapter(config);
    };
    tokenStorage.save(api.expiredSession());
    const first = instance.get('workspaces');
    await started;
    const late = instance.get('workspaces');
    releaseRefresh();
    await Promise.all([first, late]);
    const lateSent = api.state.requests.filter((r) => r.url === 'workspaces').at(-1)!;
    expect(AxiosHeaders.from(lateSent.headers).get('Authorization')).toBe(`Bearer ${api.state.validAccess}`);
    expect(api.state.requests.filter((r) => r.url === 'workspaces')).toHaveLength(3); // 401, retry, late
    expect(api.state.refreshCalls).toBe(1);
  });

  it('retries a request only once', async () => {
    const { api, http: instance } = await setup();
    api.route('GET always-expired', () => ({
      status: 401,
      data: { statusCode: 401, code: 'token_expired', message: 'TokenExpiredError', error: 'Unauthorized' },
    }));
    tokenStorage.save(api.expiredSession());
    await expect(instance.get('always-expired')).rejects.toMatchObject({ response: { status: 401 } });
    expect(api.state.requests.filter((r) => r.url === 'always-expired')).toHaveLength(2);
  });

  it('does not refresh for other 401s or for calls without authorization', async () => {
    const { api, http: instance } = await setup();
    api.route('GET plain-401', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    tokenStorage.save(api.expiredSession());
    await expect(instance.get('workspaces', { refreshOnExpiry: false })).rejects.toMatchObject({
      response: { status: 401 },
    });
    await expect(instance.get('workspaces', { authorization: false })).resolves.toMatchObject({ status: 200 });
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await expect(instance.get('plain-401')).rejects.toMatchObject({ response: { status: 401 } });
    expect(api.state.refreshCalls).toBe(0);
  });

  it('ends the session everywhere when a 401 says it is gone (revoked, e.g. a password change elsewhere)', async () => {
    const { api, http: instance } = await setup();
    api.route('GET revoked', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const calls = [instance.get('revoked'), instance.get('revoked')];
    for (const call of calls) await expect(call).rejects.toMatchObject({ response: { status: 401 } });
    expect(tokenStorage.accessToken()).toBeNull();
    expect(tokenStorage.refreshToken()).toBeNull();
    expect(events).toEqual([{ type: 'ended', reason: 'session gone', cause: 'session-gone' }]);
    expect(api.state.refreshCalls).toBe(0);
  });

  it('does not end the session for a 401 it did not cause: no token sent, the auth check, or an old token', async () => {
    const { api, http: instance } = await setup();
    api.route('GET revoked', () => ({
      status: 401,
      data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
    }));
    api.route('POST auth/login', () => ({
      status: 401,
      data: {
        statusCode: 401,
        code: 'invalid_credentials',
        message: 'Invalid email or password',
        error: 'Unauthorized',
      },
    }));
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    await expect(instance.post('auth/login', {}, { authorization: false })).rejects.toBeTruthy();
    await expect(instance.get('revoked', { refreshOnExpiry: false })).rejects.toBeTruthy();
    // Signed in again while the call was in flight: its answer leaves the new session alone.
    const newSession = { accessToken: 'new-session-access-token', refreshToken: 'new-session-refresh-token' };
    api.route('GET slow-revoked', () => {
      tokenStorage.save(newSession);
      return {
        status: 401,
        data: { statusCode: 401, code: 'unauthorized', message: 'Unauthorized', error: 'Unauthorized' },
      };
    });
    await expect(instance.get('slow-revoked')).rejects.toBeTruthy();
    expect(events).toEqual([]);
    expect(tokenStorage.refreshToken()).toBe(newSession.refreshToken);
  });

  it("on a refresh answered 'jwt expired': ends the session once for every queued request, and says why", async () => {
    const { api, http: instance } = await setup();
    api.state.refreshFailure = { status: 401, code: 'session_expired', message: 'jwt expired' };
    tokenStorage.save(api.expiredSession());
    const calls = Array.from({ length: 5 }, () => instance.get('workspaces'));
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'RefreshError', ended: true });
    expect(api.state.refreshCalls).toBe(1);
    expect(tokenStorage.accessToken()).toBeNull();
    expect(tokenStorage.refreshToken()).toBeNull();
    // The auth layer shows the session-ended notices from these events (packages/auth/src/notices).
    expect(events).toEqual([
      {
        type: 'refresh-failed',
        error: expect.objectContaining({ response: expect.objectContaining({ status: 401 }) }),
        endsAs: 'refresh-refused',
      },
      { type: 'ended', reason: 'Request failed with status code 401', cause: 'refresh-refused' },
    ]);
  });

  it('ends the session for any other refused refresh too', async () => {
    const { api, http: instance } = await setup();
    tokenStorage.save({ ...api.expiredSession(), refreshToken: 'revoked-refresh-token-000' });
    await expect(instance.get('workspaces')).rejects.toMatchObject({ name: 'RefreshError', ended: true });
    expect(events.map((event) => event.type)).toEqual(['refresh-failed', 'ended']);
    expect(tokenStorage.refreshToken()).toBeNull();
  });

  it('keeps the session when the refresh gets no answer (offline), reporting Network Error', async () => {
    const api = createFakeApi();
    api.route('GET workspaces', () => ({ status: 200, data: [] }));
    const { http: instance } = await createHttp();
    instance.defaults.adapter = async (config) => {
      if (config.url === 'auth/refreshToken') {
        const { AxiosError } = await import('axios');
        throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      }
      return api.adapter(config);
    };
    const session = api.expiredSession();
    tokenStorage.save(session);
    await expect(instance.get('workspaces')).rejects.toMatchObject({ name: 'RefreshError', ended: false });
    expect(events).toEqual([
      {
        type: 'refresh-failed',
        error: expect.objectContaining({ message: 'Network Error' }),
        endsAs: 'refresh-refused',
      },
    ]);
    expect(tokenStorage.refreshToken()).toBe(session.refreshToken);
  });
});

describe('one refresh across tabs (Web Locks)', () => {
  const realLocks = Object.getOwnPropertyDescriptor(navigator, 'locks');
  afterEach(() => {
    if (realLocks) Object.defineProperty(navigator, 'locks', realLocks);
    else delete (navigator as { locks?: unknown }).locks;
  });

  it('takes the lock, and uses the tokens another tab stored while it waited instead of refreshing again', async () => {
    const { api, http: instance } = await setup();
    tokenStorage.save(api.expiredSession());
    const requested: string[] = [];
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (name: string, _options: unknown, task: () => Promise<unknown>) => {
          requested.push(name);
          // The other tab held the lock and rotated the tokens meanwhile.
          api.state.validAccess = (await import('../testing/fake-api')).fakeJwt(
            Math.floor(Date.now() / 1000) + 600,
            'other-tab',
          );
          api.state.validRefresh = 'refresh-from-other-tab-00';
          tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
          return task();
        },
      },
    });
    await expect(instance.get('workspaces')).resolves.toMatchObject({ status: 200 });
    expect(requested).toEqual(['kloof-auth-refresh']);
    expect(api.state.refreshCalls).toBe(0);
  });

  it('does not refresh again when it saw the new refresh token before the new access token (tabs get localStorage key by key)', async () => {
    const { api, http: instance } = await setup();
    const { fakeJwt } = await import('../testing/fake-api');
    tokenStorage.save(api.expiredSession());
    // The other tab's rotation: this tab has its refresh token already, its access token not yet.
    api.state.validRefresh = 'refresh-from-other-tab-00';
    localStorage.setItem(REFRESH_TOKEN_KEY, api.state.validRefresh);
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (_name: string, _options: unknown, task: () => Promise<unknown>) => {
          // While this tab waits for the lock, the access token arrives too.
          api.state.validAccess = fakeJwt(Math.floor(Date.now() / 1000) + 600, 'other-tab');
          localStorage.setItem(ACCESS_TOKEN_KEY, api.state.validAccess);
          return task();
        },
      },
    });
    await expect(instance.get('workspaces')).resolves.toMatchObject({ status: 200 });
    expect(api.state.refreshCalls).toBe(0);
  });
});
