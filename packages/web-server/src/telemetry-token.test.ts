import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout, readRegistryFile, type ReleasesLayout } from '@kloof/release-registry/folder';
import { release } from '@kloof/release-tool/store';
import { telemetryKey, verifyTelemetryToken } from '@kloof/api-contract/telemetry-token';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
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

describe('GET /telemetry-token', () => {
  it('signs a token for this site, this browser, this address and the live versions, never cached', async () => {
    await serve(SECRET);
    const registry = await readRegistryFile(layout);
    const res = await server.inject({
      url: '/telemetry-token',
      headers: { host: 'kloof.example', cookie: 'kloof-canary=0badc0de', 'sec-fetch-site': 'same-origin' },
      remoteAddress: '198.51.100.23',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const claims = claimsOf(res.body);
    expect(claims).toMatchObject({
      o: 'http://kloof.example',
      b: telemetryKey(SECRET, 'browser', '0badc0de'),
      a: telemetryKey(SECRET, 'address', '198.51.100.23'),
      v: {
        host: [registry.apps.host!.stable!.version],
        marketing: [registry.apps.marketing!.stable!.version, registry.apps.marketing!.canary!.version],
      },
    });
    expect(claims!.e - claims!.i).toBe(1800);
  });

  it('gives two addresses of one IPv6 /64 the same address key, and another /64 another', async () => {
    await serve(SECRET);
    const keyFrom = async (remoteAddress: string) =>
      claimsOf((await server.inject({ url: '/telemetry-token', remoteAddress })).body)!.a;
    expect(await keyFrom('2001:db8:1:2::5')).toBe(await keyFrom('2001:db8:1:2:ffff::9'));
    expect(await keyFrom('2001:db8:1:3::5')).not.toBe(await keyFrom('2001:db8:1:2::5'));
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
