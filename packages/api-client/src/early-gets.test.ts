import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { call } from './call';
import { getKey, startEarlyGet } from './early-gets';
import { errorStatus } from './errors';
import { configureRuntime } from './runtime-config';
import { endpoints } from '@kloof/api-contract/endpoints';
import { ok, stubApi } from '../testing/stub-api';

const api = stubApi();

beforeEach(() => {
  localStorage.clear();
  configureRuntime({ apiHost: '' });
});
afterEach(() => api.restore());

describe('a GET started early is the request its page asks for', () => {
  it('keys a GET by its path and its sorted, non-empty query', () => {
    expect(getKey('workspaces', { search: '', limit: 5, after: undefined })).toBe('workspaces?limit=5');
    expect(getKey('projects', { status: 'active', limit: '2' })).toBe('projects?limit=2&status=active');
    expect(getKey('dashboard')).toBe('dashboard');
  });

  it("hands the page's own call the request in flight: one request, the same answer", async () => {
    api.install({ 'GET workspaces': () => ok({ items: [{ id: 'w1' }] }) });
    startEarlyGet('workspaces?limit=5');
    const answer = await call(endpoints.workspaces.list, { query: { limit: 5 } });
    expect(answer).toEqual({ items: [{ id: 'w1' }] });
    expect(api.sent.map((sent) => [sent.url, sent.config.params])).toEqual([['workspaces', { limit: '5' }]]);
  });

  it('sends an early request that neither refreshes nor ends the session: the check has not confirmed the token yet', async () => {
    api.install({ 'GET dashboard': () => ok({}) });
    startEarlyGet('dashboard');
    await call(endpoints.overview.getDashboard);
    expect(api.sent[0]?.config.refreshOnExpiry).toBe(false);
  });

  it('lets the page send its own request when the early one failed: its answer or error as usual', async () => {
    const answers = [500, 200, 500, 500];
    api.install({
      'GET dashboard': () => {
        const status = answers.shift()!;
        return status === 200 ? ok({ second: true }) : { status, data: { statusCode: status, message: 'broken' } };
      },
    });
    startEarlyGet('dashboard');
    expect(await call(endpoints.overview.getDashboard)).toEqual({ second: true });
    startEarlyGet('dashboard');
    const failure = await call(endpoints.overview.getDashboard).catch((error: unknown) => error);
    expect(errorStatus(failure)).toBe(500);
    expect(api.sent).toHaveLength(4);
    expect(api.sent.map((sent) => sent.config.refreshOnExpiry)).toEqual([false, undefined, false, undefined]);
  });

  it('hands an early answer over once: the next call asks again', async () => {
    let served = 0;
    api.install({ 'GET dashboard': () => ok({ served: ++served }) });
    startEarlyGet('dashboard');
    startEarlyGet('dashboard');
    expect(await call(endpoints.overview.getDashboard)).toEqual({ served: 1 });
    expect(await call(endpoints.overview.getDashboard)).toEqual({ served: 2 });
    expect(api.sent).toHaveLength(2);
  });

  it('leaves a GET with another query to its own request', async () => {
    api.install({ 'GET workspaces': (sent) => ok({ limit: sent.config.params.limit }) });
    startEarlyGet('workspaces?limit=5');
    expect(await call(endpoints.workspaces.list, { query: { limit: 1 } })).toEqual({ limit: 1 });
    expect(api.sent).toHaveLength(2);
  });
});
