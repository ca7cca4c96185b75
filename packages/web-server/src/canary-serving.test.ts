import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { bucketOf } from '@kloof/release-registry';
import { NO_CACHE } from './cache-policy';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';

let work: string;
let layout: ReleasesLayout;
let server: FastifyInstance;

beforeEach(async () => {
  work = await tempDir();
  layout = releasesLayout(path.join(work, 'releases'));
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee01'));
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee02'), { canary: 50 });
  await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'beef0001'));
  server = await buildStaticServer({ site: releasesSite(layout), runtimeConfig: defaultRuntimeConfig });
});

afterEach(async () => {
  await server.close();
});

/** A seed that falls on the wanted side of a 50% host canary. */
function seedFor(canary: boolean): string {
  for (let i = 0; ; i += 1) {
    const seed = i.toString(16).padStart(8, '0');
    if (bucketOf(seed, 'host') < 50 === canary) return seed;
  }
}

describe('serving canaries', () => {
  it('serves registry.json as the release tool wrote it, revalidated on every load', async () => {
    const response = await server.inject('/registry.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.json()).toMatchObject({
      format: 2,
      apps: { host: { canary: { share: 50 } }, marketing: { stable: { integrity: { manifest: /^sha384-/ } } } },
    });
  });

  it('gives a browser without a seed one with its page, and the host its seed chooses', async () => {
    const first = await server.inject('/pricing');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^kloof-canary=[0-9a-f]{8}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const again = await server.inject({ url: '/pricing', headers: { cookie: cookie.split(';')[0]! } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toBe(first.body);
  });

  it('serves the host canary to browsers whose seed falls in its share, the stable host to the rest', async () => {
    const canary = await server.inject({ url: '/', headers: { cookie: `kloof-canary=${seedFor(true)}` } });
    const stable = await server.inject({ url: '/', headers: { cookie: `kloof-canary=${seedFor(false)}` } });
    expect(canary.body).toContain('c0ffee02');
    expect(stable.body).toContain('c0ffee01');
    // Each host's chunks stay reachable to both.
    expect((await server.inject('/main.c0ffee01aa.js')).statusCode).toBe(200);
    expect((await server.inject('/main.c0ffee02aa.js')).statusCode).toBe(200);
  });

  it('ignores a seed cookie that is not a seed, and answers with a fresh one', async () => {
    const response = await server.inject({ url: '/', headers: { cookie: 'kloof-canary=../../etc' } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^kloof-canary=[0-9a-f]{8};/);
  });

  it("varies by Cookie wherever the seed chose what was sent: pages, the shell, the chosen host's own files", async () => {
    for (const url of ['/', '/pricing', '/index.html', '/sw.js', '/mf-manifest.json']) {
      const response = await server.inject({ url, headers: { cookie: `kloof-canary=${seedFor(true)}` } });
      expect([url, String(response.headers.vary)]).toEqual([url, expect.stringMatching(/\bCookie\b/i)]);
    }
    // Hashed files are the same bytes whichever host asked: any cache may share them.
    const chunk = await server.inject('/main.c0ffee01aa.js');
    expect(String(chunk.headers.vary ?? '')).not.toMatch(/cookie/i);
  });

  it('keeps Accept-Encoding in Vary next to Cookie when the page is compressed', async () => {
    const big = releasesLayout(path.join(work, 'big-releases'));
    const build = await fakeBuild(work, 'host', 'c0ffee09');
    await fs.appendFile(path.join(build, 'index.html'), `<!-- ${'padding '.repeat(1000)} -->`);
    await release(big, 'host', build);
    const bigServer = await buildStaticServer({ site: releasesSite(big), runtimeConfig: defaultRuntimeConfig });
    try {
      const response = await bigServer.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(String(response.headers.vary).toLowerCase().split(/,\s*/).sort()).toEqual(['accept-encoding', 'cookie']);
    } finally {
      await bigServer.close();
    }
  });
});

describe('the seed cookie under https', () => {
  const cookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers['set-cookie']);

  it('is Secure when the server itself is https (HTTPS=1)', async () => {
    const https = await buildStaticServer({
      site: releasesSite(layout),
      runtimeConfig: defaultRuntimeConfig,
      https: true,
    });
    try {
      expect(cookieOf(await https.inject('/'))).toMatch(/; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('is Secure behind a trusted TLS proxy saying https, and only then', async () => {
    const behindProxy = await buildStaticServer({
      site: releasesSite(layout),
      runtimeConfig: defaultRuntimeConfig,
      trustProxy: { addresses: ['127.0.0.1'], hops: 1 },
    });
    try {
      const viaTls = await behindProxy.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(cookieOf(viaTls)).toMatch(/; Secure$/);
      expect(cookieOf(await behindProxy.inject('/'))).not.toMatch(/Secure/);
    } finally {
      await behindProxy.close();
    }
    // A client the server does not trust cannot make it believe it came over https.
    const spoofed = await server.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(cookieOf(spoofed)).not.toMatch(/Secure/);
  });
});
