import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RegistryDocument } from '@kloof/release-registry';
import type { PageModule } from './page-import';

/** Versions whose files fail (tampered, or their folder gone), and what each attempt asked for. */
const failing = new Set<string>();
const attempts: string[] = [];
const registered: string[] = [];

jest.unstable_mockModule('./page-import', () => ({
  importPage: async (id: string): Promise<PageModule> => {
    const version = chosenRelease(id.split('/')[0]!)!.version;
    attempts.push(`${id}@${version}`);
    if (failing.has(version)) throw new Error(`ChunkLoadError: ${version}`);
    return { default: () => null };
  },
}));
// The federation runtime itself runs in the browser tests; here only what is registered counts.
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({
  registerPlugins: () => undefined,
  registerRemotes: (remotes: { name: string; entry: string }[]) => registered.push(...remotes.map((r) => r.entry)),
  loadRemote: async () => undefined,
}));
const sent: { kind: string; version: string }[] = [];
jest.unstable_mockModule('../telemetry/reporter', () => ({
  reportTelemetry: (event: { kind: string; version: string }) => sent.push(event),
}));

const { chooseReleases, chosenRelease } = await import('./release-choice');
const { importWithFallback } = await import('./last-known-good');

const release = (version: string) => ({
  version,
  integrity: { manifest: `sha384-${version}`, remoteEntry: `sha384-e${version}`, remoteEntryPath: 'remoteEntry.js' },
  releasedAt: '2026-11-25T10:00:00.000Z',
  releasedBy: 'ops',
});
const app = (stable: string, fallback: string | null) => ({
  origin: '',
  stable: release(stable),
  canary: null,
  previous: fallback,
  fallback: fallback ? release(fallback) : null,
});
const registry: RegistryDocument = {
  format: 2,
  apps: { marketing: app('v2', 'v1'), auth: app('a2', null), admin: app('d2', 'd1') },
};
chooseReleases(registry, 'seed0001');

beforeEach(() => {
  failing.clear();
  attempts.length = 0;
  registered.length = 0;
  sent.length = 0;
});

describe('a remote page whose version fails', () => {
  it('loads from the last known good version, pinned by its hashes, and says so', async () => {
    failing.add('v2');
    await expect(importWithFallback('marketing/Pricing')).resolves.toHaveProperty('default');
    expect(attempts).toEqual(['marketing/Pricing@v2', 'marketing/Pricing@v1']);
    expect(registered.at(-1)).toBe('http://localhost/remotes/marketing/v1/remoteEntry.js');
    expect(chosenRelease('marketing')?.integrity?.remoteEntry).toBe('sha384-ev1');
    expect(sent.map((e) => `${e.kind}:${e.version}`)).toEqual(['page-load:v2', 'load-failed:v2', 'fallback-loaded:v2']);
    // The next page of the app loads from the fallback at once.
    await importWithFallback('marketing/Home');
    expect(attempts.at(-1)).toBe('marketing/Home@v1');
  });

  it('fails (the error page) when the registry pins no good version', async () => {
    failing.add('a2');
    await expect(importWithFallback('auth/Login')).rejects.toThrow('ChunkLoadError: a2');
    expect(attempts).toEqual(['auth/Login@a2']);
  });

  it('fails when the fallback fails too, and never falls back twice', async () => {
    failing.add('d2').add('d1');
    await expect(importWithFallback('admin/Users')).rejects.toThrow('ChunkLoadError: d1');
    await expect(importWithFallback('admin/Users')).rejects.toThrow('ChunkLoadError: d1');
    expect(attempts).toEqual(['admin/Users@d2', 'admin/Users@d1', 'admin/Users@d1']);
  });
});
