import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AxiosStatic } from 'axios';

// Counts loads of axios by the product client; `failNext` makes the next load fail like an offline chunk fetch.
const loader = { loads: 0, creates: 0, failNext: false };
jest.unstable_mockModule('./load-axios', () => ({
  async loadAxios(): Promise<AxiosStatic> {
    loader.loads += 1;
    if (loader.failNext) {
      loader.failNext = false;
      throw new Error('Loading chunk axios failed');
    }
    const { default: axios } = await import('axios');
    const create: AxiosStatic['create'] = (config) => {
      loader.creates += 1;
      return axios.create(config);
    };
    return Object.assign(Object.create(axios) as AxiosStatic, { create });
  },
}));

const { http, refreshTokens, tokenStorage, workspacesApi, authApi } = await import('./index');
const { createFakeApi } = await import('../testing/fake-api');

const api = createFakeApi();
api.route('GET workspaces', () => ({ status: 200, data: [{ id: 'w1' }] }));

beforeEach(() => {
  localStorage.clear();
});

describe('the product client loads axios on the first call', () => {
  it('loads nothing when the package is imported, and keeps defaults set before the load', () => {
    expect(loader.loads).toBe(0);
    http.defaults.adapter = api.adapter;
    expect(http.defaults.adapter).toBe(api.adapter);
    expect(loader.loads).toBe(0);
  });

  it('a failed load rejects every call waiting on it, and is not kept (the next call loads again, below)', async () => {
    loader.failNext = true;
    const calls = [authApi.forgetPassword('a@b.co'), workspacesApi.list()];
    for (const call of calls) await expect(call).rejects.toThrow('Loading chunk axios failed');
    expect(loader.loads).toBe(1);
    expect(loader.creates).toBe(0);
  });

  it('loads and creates the instance once for 10 calls started at the same time, each with the bearer token', async () => {
    const before = loader.loads;
    tokenStorage.save({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    const results = await Promise.all(Array.from({ length: 10 }, () => workspacesApi.list()));
    expect(results).toEqual(Array.from({ length: 10 }, () => [{ id: 'w1' }]));
    expect(loader.loads).toBe(before + 1);
    expect(loader.creates).toBe(1);
    const sent = api.state.requests.slice(-10);
    expect(sent.map((config) => config.headers.get('Authorization'))).toEqual(
      Array.from({ length: 10 }, () => `Bearer ${api.state.validAccess}`),
    );
  });

  it('reuses that instance for later calls and the token refresh, with the product defaults', async () => {
    const loads = loader.loads;
    tokenStorage.save(api.expiredSession());
    const tokens = await refreshTokens();
    expect(tokens).toEqual({ accessToken: api.state.validAccess, refreshToken: api.state.validRefresh });
    expect(api.state.refreshCalls).toBe(1);
    await expect(http.get<{ id: string }[]>('workspaces')).resolves.toMatchObject({
      status: 200,
      data: [{ id: 'w1' }],
    });
    expect(loader.loads).toBe(loads);
    expect(loader.creates).toBe(1);
    expect(http.defaults.timeout).toBe(300000);
    expect(http.defaults.adapter).toBe(api.adapter);
  });
});
