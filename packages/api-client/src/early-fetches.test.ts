import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { currentUserApi } from './calls/current-user';
import { call } from './call';
import { EARLY_FETCHES_GLOBAL, type EarlyFetch } from './early-fetches';
import { startEarlyGet } from './early-gets';
import { configureRuntime } from './runtime-config';
import { tokenStorage } from './token-storage';
import { endpoints } from '@kloof/api-contract/endpoints';
import { ok, stubApi } from '../testing/stub-api';

const api = stubApi();
const holder = globalThis as unknown as Record<string, Map<string, EarlyFetch> | undefined>;
const ACCESS = 'access-token-of-this-browser';

/** What fetch resolves with, as far as the client reads it (jsdom has no Response). */
const answerOf = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) }) as Response;

/** A fetch that got no answer, handled as the host's start-up code handles it (no unhandled rejection). */
function failed(error: Error): Promise<Response> {
  const response = Promise.reject(error);
  response.catch(() => undefined);
  return response;
}

/** GETs the page's first script sent (host/src/startup/early-requests.ts), answered as given. */
function sentEarly(answers: Record<string, { status: number; body: unknown } | Error>, bearer = ACCESS): void {
  holder[EARLY_FETCHES_GLOBAL] = new Map(
    Object.entries(answers).map(([key, answer]) => [
      key,
      {
        bearer,
        response: answer instanceof Error ? failed(answer) : Promise.resolve(answerOf(answer.status, answer.body)),
      },
    ]),
  );
}

beforeEach(() => {
  localStorage.clear();
  tokenStorage.save({ accessToken: ACCESS, refreshToken: 'refresh-token-of-this-browser' });
  configureRuntime({ apiHost: '' });
});
afterEach(() => {
  api.restore();
  delete holder[EARLY_FETCHES_GLOBAL];
});

describe("the page's own early GETs, taken over by the client", () => {
  it("answers the session check's GET current-user from the early request: no second request", async () => {
    api.install({ 'GET current-user': () => ok({ id: 'from-a-second-request' }) });
    sentEarly({ 'current-user?include=%5Bsettings%5D': { status: 200, body: { id: 'u1' } } });
    expect(await currentUserApi.get({ settings: true, accessToken: ACCESS })).toEqual({ id: 'u1' });
    expect(api.sent).toHaveLength(0);
  });

  it('hands a route GET started early to the page, with no request of its own', async () => {
    api.install({ 'GET dashboard': () => ok({ from: 'a second request' }) });
    sentEarly({ dashboard: { status: 200, body: { from: 'the early request' } } });
    startEarlyGet('dashboard');
    expect(await call(endpoints.overview.getDashboard)).toEqual({ from: 'the early request' });
    expect(api.sent).toHaveLength(0);
  });

  it('sends its own request when the early one failed, so the error follows the usual rules', async () => {
    api.install({ 'GET current-user': () => ({ status: 401, data: { statusCode: 401, message: 'refused' } }) });
    sentEarly({ 'current-user?include=%5Bsettings%5D': { status: 401, body: { message: 'refused' } } });
    await expect(currentUserApi.get({ settings: true, accessToken: ACCESS })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(api.sent).toHaveLength(1);
    sentEarly({ dashboard: new TypeError('Failed to fetch') });
    api.install({ 'GET dashboard': () => ok({ from: 'its own request' }) });
    expect(await call(endpoints.overview.getDashboard)).toEqual({ from: 'its own request' });
  });

  it('never uses an answer to another bearer than the one this call sends', async () => {
    api.install({ 'GET dashboard': () => ok({ from: 'its own request' }) });
    sentEarly({ dashboard: { status: 200, body: { from: 'an old token' } } }, 'a-token-since-replaced');
    startEarlyGet('dashboard');
    expect(await call(endpoints.overview.getDashboard)).toEqual({ from: 'its own request' });
    expect(api.sent).toHaveLength(1);
  });
});
