import { describe, expect, it } from '@jest/globals';
import { EARLY_FETCHES_GLOBAL as CLIENT_GLOBAL, getKey, WITH_SETTINGS } from '@kloof/api-client';
import { EARLY_FETCHES_GLOBAL, SESSION_CHECK_KEY, sendEarlyRequests, type EarlyRequestsEnv } from './early-requests';

/** An access token whose payload says `exp` (seconds), as the API signs them. */
const tokenUntil = (exp: number) => `header.${btoa(JSON.stringify({ exp }))}.signature-of-the-api`;
const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const goodToken = tokenUntil(NOW / 1000 + 900);

function load(pathname: string, session: { accessToken: string | null; apiHost?: string | undefined }) {
  const urls: string[] = [];
  const traceparents: string[] = [];
  const holder: Record<string, unknown> = {};
  const env: EarlyRequestsEnv = {
    storage: { getItem: (name) => (name === 'accessToken' ? session.accessToken : null) },
    apiHost: () => ('apiHost' in session ? session.apiHost : ''),
    fetch: (url, init) => {
      const headers = init.headers as Record<string, string>;
      urls.push(`${url} ${headers.Authorization}`);
      traceparents.push(headers.traceparent ?? '');
      // The answer is the API client's to read (early-fetches.test.ts).
      return new Promise<Response>(() => undefined);
    },
    holder,
    now: () => NOW,
  };
  const keys = sendEarlyRequests(pathname, env);
  return {
    keys,
    urls,
    traceparents,
    held: holder[EARLY_FETCHES_GLOBAL] as Map<string, { bearer: string }> | undefined,
  };
}

describe("a signed-in page's first requests leave with the page's first script", () => {
  it('sends the session check and the route data with the stored bearer, and leaves them for the client', () => {
    const { keys, urls, held } = load('/dashboard', { accessToken: goodToken });
    expect(keys).toEqual([SESSION_CHECK_KEY, 'dashboard', 'workspaces?limit=5']);
    expect(urls).toEqual([
      `/v1/current-user?include=%5Bsettings%5D Bearer ${goodToken}`,
      `/v1/dashboard Bearer ${goodToken}`,
      `/v1/workspaces?limit=5 Bearer ${goodToken}`,
    ]);
    expect([...held!.values()].map((early) => early.bearer)).toEqual([goodToken, goodToken, goodToken]);
  });

  it('sends each with a traceparent of its own, as the API client sends its calls', () => {
    const { traceparents } = load('/dashboard', { accessToken: goodToken });
    expect(traceparents).toHaveLength(3);
    for (const header of traceparents) expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(new Set(traceparents.map((header) => header.slice(3, 35))).size).toBe(3);
  });

  it('sends to the API host the runtime config names', () => {
    const { urls } = load('/projects', { accessToken: goodToken, apiHost: 'https://api.example.test' });
    expect(urls[0]).toMatch(/^https:\/\/api\.example\.test\/v1\/current-user\?/);
  });

  it('sends nothing for a visitor, an expired or short token, a public page, or a page without its config', () => {
    expect(load('/dashboard', { accessToken: null }).urls).toEqual([]);
    expect(load('/dashboard', { accessToken: tokenUntil(NOW / 1000 - 1) }).urls).toEqual([]);
    expect(load('/dashboard', { accessToken: 'short' }).urls).toEqual([]);
    expect(load('/pricing', { accessToken: goodToken }).urls).toEqual([]);
    expect(load('/dashboard', { accessToken: goodToken, apiHost: undefined }).urls).toEqual([]);
  });

  it('keys and places them where @kloof/api-client looks for them', () => {
    expect(EARLY_FETCHES_GLOBAL).toBe(CLIENT_GLOBAL);
    expect(SESSION_CHECK_KEY).toBe(getKey('current-user', WITH_SETTINGS));
  });
});
