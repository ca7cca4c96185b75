import { beforeEach, describe, expect, it } from '@jest/globals';
import { endpoints } from '@kloof/api-client';
import { pageRoutes } from './route-table';
import { startRouteData, type RouteDataStart } from './route-data';

/** A token the API client reads as good until `exp` (seconds). */
const tokenUntil = (exp: number) => `x.${btoa(JSON.stringify({ exp }))}.signature-part`;
const goodToken = tokenUntil(Math.floor(Date.now() / 1000) + 3600);

function start(pathname: string, session: { tokens: boolean; accessToken?: string | null }) {
  const started = { checks: 0, gets: [] as string[] };
  const options: RouteDataStart = {
    holdsTokens: () => session.tokens,
    accessToken: () => (session.accessToken === undefined ? goodToken : session.accessToken),
    checkSession: () => (started.checks += 1),
    startGet: (key) => started.gets.push(key),
    loadSignedInCode: (route) => codeFor.push(route.path),
  };
  startRouteData(pathname, options);
  return started;
}
/** The routes whose shell and HTTP code a start began downloading. */
let codeFor: string[] = [];
beforeEach(() => {
  codeFor = [];
});

describe("a signed-in load starts the session check and its page's data with the code", () => {
  it("starts the check and the dashboard's declared GETs for a browser holding tokens", () => {
    expect(start('/dashboard', { tokens: true })).toEqual({ checks: 1, gets: ['dashboard', 'workspaces?limit=5'] });
    expect(start('/projects/', { tokens: true })).toEqual({ checks: 1, gets: ['projects', 'workspaces?limit=1'] });
  });

  it('starts the first GETs of the other lists a returning user opens: workspaces, links, users', () => {
    expect(start('/workspaces', { tokens: true })).toEqual({ checks: 1, gets: ['workspaces'] });
    expect(start('/links', { tokens: true })).toEqual({ checks: 1, gets: ['links', 'workspaces?limit=1'] });
    expect(start('/manage', { tokens: true })).toEqual({ checks: 1, gets: ['settings/security'] });
    expect(start('/manage/users', { tokens: true })).toEqual({
      checks: 1,
      gets: ['settings/security', 'users?limit=20'],
    });
  });

  it('starts the check alone for a signed-in page that declares no data', () => {
    expect(start('/manage/user/u-1', { tokens: true })).toEqual({ checks: 1, gets: [] });
  });

  it('starts the code every signed-in page renders with (the shell, the HTTP library) with the check, expired token or not', () => {
    start('/dashboard', { tokens: true });
    start('/manage/users', { tokens: true, accessToken: tokenUntil(1) });
    expect(codeFor).toEqual(['/dashboard', '/manage/users']);
  });

  it('starts no signed-in code for a visitor or on a public page', () => {
    start('/dashboard', { tokens: false });
    start('/pricing', { tokens: true });
    expect(codeFor).toEqual([]);
  });

  it('starts nothing for a visitor (no tokens): no check, no data', () => {
    expect(start('/dashboard', { tokens: false })).toEqual({ checks: 0, gets: [] });
  });

  it('starts nothing on a public or guest page, tokens or not (their guards decide later)', () => {
    expect(start('/pricing', { tokens: true })).toEqual({ checks: 0, gets: [] });
    expect(start('/auth/login', { tokens: true })).toEqual({ checks: 0, gets: [] });
  });

  it('with an expired or missing access token, starts the check (it refreshes) and leaves the data to the page', () => {
    expect(start('/dashboard', { tokens: true, accessToken: tokenUntil(1) })).toEqual({ checks: 1, gets: [] });
    expect(start('/dashboard', { tokens: true, accessToken: null })).toEqual({ checks: 1, gets: [] });
  });
});

describe('route data declarations', () => {
  it('name only GET operations of the API contract that need no path parameter', () => {
    const operations = Object.values(endpoints).flatMap((group) => Object.values(group));
    const gets = new Set(
      operations.filter((e) => e.method === 'GET' && !e.path.includes(':')).map((e) => e.path.replace(/^\//, '')),
    );
    const declared = pageRoutes.flatMap((route) => route.data ?? []);
    expect(declared.length).toBeGreaterThan(0);
    for (const key of declared) expect(gets).toContain(key.split('?')[0]);
  });
});
