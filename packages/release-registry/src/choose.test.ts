import { describe, expect, it } from '@jest/globals';
import {
  bucketOf,
  chooseRelease,
  fallbackRelease,
  newSeed,
  seedCookie,
  seedFromCookies,
  type RegistryDocument,
} from './index';

const release = (version: string) => ({
  version,
  integrity: { manifest: `sha384-${version}` },
  releasedAt: '2026-11-23T10:00:00.000Z',
  releasedBy: 'ops',
});

const registry = (share: number): RegistryDocument => ({
  format: 2,
  apps: {
    marketing: { origin: '', stable: release('s1'), canary: { ...release('c1'), share }, previous: null },
    auth: { origin: 'https://cdn.example/', stable: release('a1'), canary: null, previous: null },
  },
});

describe('choosing one release per app for a browser', () => {
  it('always gives the same browser the same version', () => {
    const seed = newSeed();
    const first = chooseRelease(registry(50), 'marketing', seed);
    for (let i = 0; i < 5; i += 1) expect(chooseRelease(registry(50), 'marketing', seed)).toEqual(first);
  });

  it('sends about the share of browsers to the canary, and the rest to the stable version', () => {
    let seedState = 1;
    const random = () => (seedState = (seedState * 48271) % 2147483647) / 2147483647;
    const seeds = Array.from({ length: 4000 }, () => newSeed(random));
    const canaries = seeds.filter((seed) => chooseRelease(registry(20), 'marketing', seed)?.canary).length;
    expect(canaries / seeds.length).toBeGreaterThan(0.17);
    expect(canaries / seeds.length).toBeLessThan(0.23);
  });

  it('keeps a browser in the canary as its share grows (no flapping on re-weighing)', () => {
    const seed = 'a1b2c3d4';
    const bucket = bucketOf(seed, 'marketing');
    expect(chooseRelease(registry(Math.min(99, bucket + 1)), 'marketing', seed)?.canary).toBe(true);
    expect(chooseRelease(registry(Math.min(99.99, bucket + 30)), 'marketing', seed)?.canary).toBe(true);
  });

  it('builds the manifest URL on the origin the app is published at', () => {
    expect(chooseRelease(registry(10), 'auth', 'deadbeef')).toEqual({
      app: 'auth',
      version: 'a1',
      canary: false,
      manifestUrl: 'https://cdn.example/remotes/auth/a1/mf-manifest.json',
      integrity: { manifest: 'sha384-a1' },
    });
    expect(chooseRelease(registry(10), 'admin', 'deadbeef')).toBeNull();
  });

  it('reads and writes the seed cookie, ignoring anything that is not a seed', () => {
    expect(seedFromCookies('theme=dark; kloof-canary=0a1b2c3d; other=1')).toBe('0a1b2c3d');
    expect(seedFromCookies('kloof-canary=<script>')).toBeNull();
    expect(seedFromCookies(undefined)).toBeNull();
    expect(seedCookie('0a1b2c3d')).toBe('kloof-canary=0a1b2c3d; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

describe('a canary of a release set', () => {
  const SET = 'set-20261122-100001-000-0a1b2c3d';
  /** Marketing, auth and client area at canary for `share`%, as one set or as three separate canaries. */
  const threeCanaries = (share: number, set?: string): RegistryDocument => ({
    format: 2,
    apps: Object.fromEntries(
      ['marketing', 'auth', 'clientArea'].map((app) => [
        app,
        { origin: '', stable: release(`${app}-s`), canary: { ...release(`${app}-c`), share, set }, previous: null },
      ]),
    ),
  });
  const apps = ['marketing', 'auth', 'clientArea'];
  let seedState = 7;
  const random = () => (seedState = (seedState * 48271) % 2147483647) / 2147483647;
  const seeds = Array.from({ length: 10_000 }, () => newSeed(random));
  /** How many apps of the three each seed gets at canary: 0 or 3 is coherent, 1 or 2 a mix. */
  const canariesPerSeed = (registry: RegistryDocument) =>
    seeds.map((seed) => apps.filter((app) => chooseRelease(registry, app, seed)?.canary).length);

  it.each([1, 20, 50, 99])('gives a browser every app of the set at canary, or none (%i%%)', (share) => {
    const counts = canariesPerSeed(threeCanaries(share, SET));
    expect(counts.filter((n) => n !== 0 && n !== 3)).toEqual([]);
    const inCanary = counts.filter((n) => n === 3).length / seeds.length;
    expect(Math.abs(inCanary - share / 100)).toBeLessThan(0.02);
  });

  it('mixes versions for many browsers when the same three canaries are separate releases', () => {
    const mixed = canariesPerSeed(threeCanaries(50)).filter((n) => n === 1 || n === 2).length;
    // Three independent draws at 50%: three browsers in four get a mix.
    expect(mixed / seeds.length).toBeGreaterThan(0.7);
  });

  it("draws by the set's id: another set of the same apps lands on other browsers", () => {
    const other = canariesPerSeed(threeCanaries(50, 'set-20261122-100002-000-9f8e7d6c'));
    const first = canariesPerSeed(threeCanaries(50, SET));
    const same = first.filter((n, i) => n === other[i]).length / seeds.length;
    expect(same).toBeGreaterThan(0.4);
    expect(same).toBeLessThan(0.6);
  });

  it("chooses a canary without a set (an older registry) by the app's own draw, as before", () => {
    for (const seed of seeds.slice(0, 500)) {
      expect(chooseRelease(registry(50), 'marketing', seed)?.canary).toBe(bucketOf(seed, 'marketing') < 50);
    }
  });
});

describe('the version a browser falls back to when its own fails', () => {
  const withFallback: RegistryDocument = {
    format: 2,
    apps: {
      marketing: {
        origin: '',
        stable: release('s2'),
        canary: { ...release('c3'), share: 50 },
        previous: 's1',
        fallback: { ...release('s1'), integrity: { manifest: 'sha384-s1', remoteEntry: 'sha384-e1' } },
      },
    },
  };
  const chosen = (version: string, canary: boolean) => ({
    app: 'marketing',
    version,
    canary,
    manifestUrl: `/remotes/marketing/${version}/mf-manifest.json`,
  });

  it("is the stable version for a canary's browser", () => {
    expect(fallbackRelease(withFallback, chosen('c3', true))).toMatchObject({ version: 's2', canary: false });
  });

  it('is the last known good version, with its hashes, for a browser on the stable one', () => {
    expect(fallbackRelease(withFallback, chosen('s2', false))).toEqual({
      app: 'marketing',
      version: 's1',
      canary: false,
      manifestUrl: '/remotes/marketing/s1/mf-manifest.json',
      integrity: { manifest: 'sha384-s1', remoteEntry: 'sha384-e1' },
    });
  });

  it('is nothing when the registry pins none (an older registry, or no earlier version)', () => {
    expect(fallbackRelease(registry(10), chosen('s1', false))).toBeNull();
    const unpinned = structuredClone(withFallback);
    delete unpinned.apps.marketing!.stable!.integrity;
    expect(fallbackRelease(unpinned, chosen('c3', true))).toBeNull();
  });
});
