import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { scaled } from '@kloof/test-kit/slowdown';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { chooseRelease, type RegistryDocument } from '@kloof/release-registry';
import { releasesLayout, readRegistryFile, type ReleasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { telemetryKey, verifyTelemetryToken } from '@kloof/telemetry-token';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { waitFor } from './testing/api-instance';
import { buildStaticServer } from './static-server';

const SECRET = 'web-server-telemetry-secret-0123456789';

let work: string;
let layout: ReleasesLayout;
let server: FastifyInstance;

async function serve(telemetrySecret?: string) {
  server = await buildStaticServer({
    site: releasesSite(layout),
    runtimeConfig: defaultRuntimeConfig,
    telemetrySecret,
  });
}

beforeEach(async () => {
  work = await tempDir();
  layout = releasesLayout(path.join(work, 'releases'));
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee01'));
  await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'beef0001'));
  await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'beef0002'), { canary: 20 });
});

afterEach(async () => {
  await server.close();
});

const claimsOf = (body: string) =>
  verifyTelemetryToken(SECRET, (JSON.parse(body) as { token: string }).token, new Date());

/** The first seed (in counting order) that this registry sends to the marketing canary, or keeps on stable. */
function seedOn(registry: RegistryDocument, canary: boolean): string {
  for (let i = 0; ; i += 1) {
    const seed = i.toString(16).padStart(8, '0');
    if (chooseRelease(registry, 'marketing', seed)?.canary === canary) return seed;
  }
}

const tokenFor = async (seed: string, remoteAddress = '198.51.100.23') =>
  claimsOf(
    (
      await server.inject({
        url: '/telemetry-token',
        headers: { host: 'kloof.example', cookie: `kloof-canary=${seed}`, 'sec-fetch-site': 'same-origin' },
        remoteAddress,
      })
    ).body,
  )!;

describe('GET /telemetry-token', () => {
  it('signs a token for this site, this browser, its network and the versions its seed draws, never cached', async () => {
    await serve(SECRET);
    const registry = await readRegistryFile(layout);
    const [stable, canary] = [registry.apps.marketing!.stable!.version, registry.apps.marketing!.canary!.version];
    const seed = seedOn(registry, false);
    const res = await server.inject({
      url: '/telemetry-token',
      headers: { host: 'kloof.example', cookie: `kloof-canary=${seed}`, 'sec-fetch-site': 'same-origin' },
      remoteAddress: '198.51.100.23',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = claimsOf(res.body);
    expect(claims).toEqual({
      o: 'http://kloof.example',
      b: telemetryKey(SECRET, 'browser', seed),
      a: telemetryKey(SECRET, 'address', '198.51.100.0/24'),
      i: expect.any(Number),
      e: expect.any(Number),
      v: { host: [registry.apps.host!.stable!.version], marketing: [stable] },
    });
    expect(claims!.e - claims!.i).toBe(1800);
    // A browser the canary draws may run it, and the stable version it falls back to.
    expect((await tokenFor(seedOn(registry, true))).v.marketing).toEqual([canary, stable]);
  });

  it('gives every address of one IPv4 /24 or IPv6 /48 the same network key, and another network another', async () => {
    await serve(SECRET);
    const keyFrom = async (remoteAddress: string) =>
      claimsOf((await server.inject({ url: '/telemetry-token', remoteAddress })).body)!.a;
    expect(await keyFrom('203.0.113.7')).toBe(await keyFrom('203.0.113.250'));
    expect(await keyFrom('::ffff:203.0.113.9')).toBe(await keyFrom('203.0.113.7'));
    expect(await keyFrom('203.0.114.7')).not.toBe(await keyFrom('203.0.113.7'));
    expect(await keyFrom('2001:db8:1:2::5')).toBe(await keyFrom('2001:db8:1:ffff:1::9'));
    expect(await keyFrom('2001:db8:2::5')).not.toBe(await keyFrom('2001:db8:1:2::5'));
  });

  it('names a version as broken (f) only when a file its release pinned is missing or changed here', async () => {
    await serve(SECRET);
    const registry = await readRegistryFile(layout);
    const canary = registry.apps.marketing!.canary!.version;
    const entry = path.join(layout.versionDir('marketing', canary), 'remoteEntry.js');
    await fs.chmod(entry, 0o644);
    await fs.appendFile(entry, '/* one byte more */');
    // The server checked the live versions when it started: it sees the change once its watcher tells it.
    await waitFor(
      'the token to name the changed canary',
      async () => !!(await tokenFor(seedOn(registry, true))).f,
      scaled(5_000),
    );
    expect((await tokenFor(seedOn(registry, true))).f).toEqual({ marketing: [canary] });
    // The stable version's files are intact: a load failure of it is not believed.
    expect(await tokenFor(seedOn(registry, false))).not.toHaveProperty('f');
  });

  it('refuses a request from another site (403) and says telemetry is off without TELEMETRY_SECRET (204)', async () => {
    await serve(SECRET);
    const crossSite = await server.inject({ url: '/telemetry-token', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).not.toHaveProperty('token');
    await server.close();
    await serve(undefined);
    const off = await server.inject('/telemetry-token');
    expect(off.statusCode).toBe(204);
    expect(off.body).toBe('');
    expect(off.headers['cache-control']).toBe('no-store');
  });
});
