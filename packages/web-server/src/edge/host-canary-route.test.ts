import { describe, expect, it } from '@jest/globals';
import { bucketOf, type RegistryDocument } from '@kloof/release-registry';
import { routeEdgeRequest } from './host-canary-route';

const STABLE = '20261122-100000-000-aaaaaaaaaa';
const CANARY = '20261122-110000-000-bbbbbbbbbb';
const PREVIOUS = '20261121-090000-000-cccccccccc';
const MARKETING = '20261122-100500-000-dddddddddd';
const release = (version: string) => ({ version, releasedAt: '', releasedBy: '', integrity: { manifest: 'sha384-x' } });
const registry: RegistryDocument = {
  format: 2,
  apps: {
    host: { origin: '', stable: release(STABLE), canary: { ...release(CANARY), share: 30 }, previous: PREVIOUS },
    marketing: { origin: '', stable: release(MARKETING), canary: null, previous: null },
  },
};

/** Seeds that land in and out of the host canary (the same draw the web server and host make). */
function seedIn(canary: boolean): string {
  for (let i = 0; ; i += 1) {
    const seed = i.toString(16).padStart(8, '0');
    if (bucketOf(seed, 'host') < 30 === canary) return seed;
  }
}

const route = (pathname: string, cookie: string | null = null, acceptEncoding: string | null = 'gzip, br') =>
  routeEdgeRequest({ pathname, cookie, acceptEncoding }, registry, () => seedIn(true));

describe('the edge function for the host canary', () => {
  it('gives a browser the index.html of the host its seed chooses, the same on every load', () => {
    const inCanary = route('/pricing', `kloof-canary=${seedIn(true)}`);
    expect(inCanary).toEqual({
      keys: [`host/${CANARY}/index.html.br`, `host/${CANARY}/index.html.gz`, `host/${CANARY}/index.html`],
      cacheControl: 'no-cache',
      vary: 'Cookie, Accept-Encoding',
      setCookie: undefined,
    });
    expect(route('/', `a=1; kloof-canary=${seedIn(false)}`)?.keys[0]).toBe(`host/${STABLE}/index.html.br`);
    expect(route('/index.html', `kloof-canary=${seedIn(false)}`, null)?.keys).toEqual([`host/${STABLE}/index.html`]);
  });

  it('gives a browser without a seed one with its page, and the host that seed chooses', () => {
    const first = route('/');
    expect(first?.setCookie).toMatch(new RegExp(`^kloof-canary=${seedIn(true)}; Path=/; .*; Secure$`));
    // A cookie that is not a seed is no seed: a new one is made.
    expect(route('/', 'kloof-canary=../../x')?.setCookie).toMatch(/^kloof-canary=[0-9a-f]{8};/);
    expect(first?.keys[0]).toBe(`host/${CANARY}/index.html.br`);
    // Files are not pages: no cookie is handed out with them.
    expect(route('/sw.js')?.setCookie).toBeUndefined();
  });

  it('looks for a hashed host file in the chosen host, then in the other hosts the registry names', () => {
    const chunk = route('/static/js/main.0123456789.js', `kloof-canary=${seedIn(false)}`, 'gzip');
    expect(chunk).toEqual({
      keys: [STABLE, CANARY, PREVIOUS].flatMap((v) => [
        `host/${v}/static/js/main.0123456789.js.gz`,
        `host/${v}/static/js/main.0123456789.js`,
      ]),
      cacheControl: 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      setCookie: undefined,
    });
    expect(route('/logo.0123456789.png', `kloof-canary=${seedIn(true)}`)?.keys).toEqual([
      `host/${CANARY}/logo.0123456789.png`,
      `host/${STABLE}/logo.0123456789.png`,
      `host/${PREVIOUS}/logo.0123456789.png`,
    ]);
  });

  it('maps remotes and the pointer straight to their keys, cached by what they are', () => {
    expect(route(`/remotes/marketing/${MARKETING}/remoteEntry.js`, null, 'br')).toEqual({
      keys: [`marketing/${MARKETING}/remoteEntry.js.br`, `marketing/${MARKETING}/remoteEntry.js`],
      cacheControl: 'no-cache',
      vary: 'Accept-Encoding',
    });
    expect(route(`/remotes/marketing/${MARKETING}/pricing.0123456789.js`, null, null)?.cacheControl).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(route('/registry.json')).toEqual({ keys: ['registry.json'], cacheControl: 'no-cache' });
  });

  it('serves nothing outside the releases: traversal, dot files, source maps, server builds, the API', () => {
    for (const path of [
      '/remotes/marketing/../registry.json',
      '/remotes/marketing/not-a-version/remoteEntry.js',
      `/remotes/marketing/${MARKETING}/server/remoteEntry.js`,
      `/remotes/marketing/${MARKETING}/main.0123456789.js.map`,
      '/.versions/host/x.json',
      '/v1/health',
      '/server/main.js',
      '/a\\..\\b',
    ]) {
      expect([path, route(path)]).toEqual([path, null]);
    }
  });
});
