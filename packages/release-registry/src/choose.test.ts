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
