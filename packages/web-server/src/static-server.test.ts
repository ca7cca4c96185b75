import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir, THEME_SCRIPT } from '@kloof/release-tool/testing';
import { releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { release, rollback } from '@kloof/release-tool/store';
import { IMMUTABLE, NO_CACHE } from './cache-policy';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import type { TrustedProxies } from './client-address';

let work: string;
let layout: ReleasesLayout;
let server: FastifyInstance;
let hostV1: string;
let marketing: string;

const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

async function start(
  config: Partial<RuntimeConfig> = {},
  extra: { https?: boolean; trustProxy?: TrustedProxies } = {},
) {
  server = await buildStaticServer({
    site: releasesSite(layout),
    runtimeConfig: { ...defaultRuntimeConfig, ...config },
    ...extra,
  });
}

beforeEach(async () => {
  work = await tempDir();
  layout = releasesLayout(path.join(work, 'releases'));
  hostV1 = (await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee01'))).to;
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee02'));
  marketing = (await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'beef0001'))).to;
  await start();
});

afterEach(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });

describe('production static server on the releases folder', () => {
  it.each([
    ['/', 'text/html', NO_CACHE],
    ['/index.html', 'text/html', NO_CACHE],
    ['/some/client/route', 'text/html', NO_CACHE],
    ['/registry.json', 'application/json', NO_CACHE],
    ['/config.json', 'application/json', NO_CACHE],
    ['/sw.js', 'javascript', NO_CACHE],
    ['/mf-manifest.json', 'application/json', NO_CACHE],
    ['/main.c0ffee02aa.js', 'javascript', IMMUTABLE],
    ['/assets/logo.c0ffee02aa.svg', 'image/svg+xml', IMMUTABLE],
    ['/remotes/marketing/{m}/mf-manifest.json', 'application/json', NO_CACHE],
    ['/remotes/marketing/{m}/remoteEntry.js', 'javascript', NO_CACHE],
    ['/remotes/marketing/{m}/main.beef0001aa.js', 'javascript', IMMUTABLE],
  ])('%s: %s, Cache-Control %s, strict security headers', async (url, type, cacheControl) => {
    const response = await get(url.replace('{m}', marketing));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`script-src 'self' ${themeHash}`);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('never sends a server build: it renders pages at release time only', async () => {
    const hostBuild = await fakeBuild(work, 'host', 'c0ffee03');
    const marketingBuild = await fakeBuild(work, 'marketing', 'beef0003');
    for (const build of [hostBuild, marketingBuild]) {
      await fs.mkdir(path.join(build, 'server'));
      await fs.writeFile(path.join(build, 'server', 'main.js'), 'module.exports = {};');
    }
    await release(layout, 'host', hostBuild);
    const version = (await release(layout, 'marketing', marketingBuild)).to;
    for (const url of ['/server/main.js', '/server/', `/remotes/marketing/${version}/server/main.js`]) {
      expect((await get(url)).statusCode).toBe(404);
    }
    // The same builds' other files are served.
    expect((await get('/main.c0ffee03aa.js')).statusCode).toBe(200);
    expect((await get(`/remotes/marketing/${version}/remoteEntry.js`)).statusCode).toBe(200);
  });

  it('serves no source maps, and a release does not even store them', async () => {
    const build = await fakeBuild(work, 'host', 'c0ffee03');
    await fs.writeFile(path.join(build, 'main.c0ffee03aa.js.map'), '{"sources":["secret.ts"]}');
    await release(layout, 'host', build);
    expect((await get('/main.c0ffee03aa.js')).statusCode).toBe(200);
    const map = await get('/main.c0ffee03aa.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    const stored = await fs.readdir(path.join(work, 'releases'), { recursive: true });
    expect(stored.filter((f) => String(f).endsWith('.map'))).toEqual([]);
  });

  it('serves the live host version and follows the host pointer without a restart', async () => {
    expect((await get('/pricing')).body).toContain('c0ffee02');
    await rollback(layout, 'host', hostV1);
    expect((await get('/pricing')).body).toContain('c0ffee01');
    expect((await get('/sw.js')).body).toContain('c0ffee01');
  });

  it("keeps older host versions' hashed assets reachable, but not their pointer files", async () => {
    expect((await get('/main.c0ffee01aa.js')).statusCode).toBe(200);
    expect((await get('/main.c0ffee01aa.js')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/sw.js')).body).toContain('c0ffee02');
    expect((await get('/no-such.0123456789.js')).statusCode).toBe(404);
  });

  it('serves registry.json, the one pointer file, exactly as the release tool wrote it', async () => {
    const response = await get('/registry.json');
    expect(response.body).toBe(await fs.readFile(layout.registryFile, 'utf8'));
    expect(response.json()).toMatchObject({ format: 2, apps: { marketing: { stable: { version: marketing } } } });
    // The older pointer files are gone: nothing serves them.
    expect((await get('/remotes.json')).statusCode).toBe(404);
    expect((await get('/host.json')).statusCode).toBe(404);
  });

  it('lets other origins load remote files (a remote may be published on a CDN)', async () => {
    const response = await get(`/remotes/marketing/${marketing}/remoteEntry.js`);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get('/main.c0ffee02aa.js')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it.each([
    '/remotes/marketing/20991231-235959-999-0123456789/remoteEntry.js',
    '/remotes/shop/{m}/remoteEntry.js',
    '/remotes/marketing/latest/remoteEntry.js',
    '/remotes/marketing/{m}/',
    '/remotes/marketing/%2e%2e/%2e%2e/host.json',
    '/%2e%2e/history.jsonl',
    '/.lock',
    '/missing.js',
    '/v1/health',
  ])('answers %s with 404 (no SPA fallback for files, remotes or the API)', async (url) => {
    const response = await get(url.replace('{m}', marketing));
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
  });

  it('compresses text files', async () => {
    await fs.chmod(layout.versionDir('marketing', marketing), 0o755);
    const big = path.join(layout.versionDir('marketing', marketing), 'big.0123456789.js');
    await fs.writeFile(big, 'console.log("kloof");\n'.repeat(500));
    const response = await get(`/remotes/marketing/${marketing}/big.0123456789.js`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the brotli copy a build wrote beside a file to browsers that accept brotli, the file to others', async () => {
    const dir = layout.versionDir('marketing', marketing);
    await fs.chmod(dir, 0o755);
    const text = 'console.log("kloof");\n'.repeat(500);
    await fs.writeFile(path.join(dir, 'page.0123456789.js'), text);
    // Highest quality, as the build writes it (on-the-fly compression uses a faster, larger setting).
    const copy = brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    await fs.writeFile(path.join(dir, 'page.0123456789.js.br'), copy);
    const url = `/remotes/marketing/${marketing}/page.0123456789.js`;

    const brotli = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.equals(copy)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(text);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
  });

  it('serves /config.json from the runtime config and allows its foreign origins in the CSP', async () => {
    await server.close();
    await start({ apiHost: 'https://api.kloof.example', registryUrl: 'https://cdn.kloof.example/registry.json' });
    const response = await get('/config.json');
    expect(response.json()).toEqual({
      apiHost: 'https://api.kloof.example',
      registryUrl: 'https://cdn.kloof.example/registry.json',
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.kloof\.example https:\/\/cdn\.kloof\.example/);
  });

  it('allows the origin of a remote published elsewhere, as registry.json says at that moment', async () => {
    await release(layout, 'auth', await fakeBuild(work, 'auth', 'f00d0001'), { origin: 'http://localhost:9123' });
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' \S+ http:\/\/localhost:9123/);
    expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:9123/);
  });

  it('sends HSTS on https only: always when the server is https, or per request behind a trusted proxy', async () => {
    await server.close();
    await start({}, { trustProxy: { addresses: ['127.0.0.1'], hops: 1 } });
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
    expect((await get('/', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    await server.close();
    await start({}, { https: true });
    expect((await get('/registry.json')).headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('says what to do when no host is live yet', async () => {
    await server.close();
    layout = releasesLayout(path.join(work, 'empty'));
    await release(layout, 'marketing', await fakeBuild(work, 'marketing', 'beef0002'));
    await start();
    const response = await get('/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('pnpm release host');
  });
});
