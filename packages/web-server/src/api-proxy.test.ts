import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { API_UNREACHABLE, isPrivateApiPath } from './api-proxy';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';

/** A loopback port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A stand-in for the API behind the web server: it records every path it is asked for. */
async function startUpstream(port: number, seen: string[]): Promise<FastifyInstance> {
  const api = Fastify();
  api.addHook('onRequest', async (req) => void seen.push(req.url));
  api.get('/v1/health', async () => ({ status: 'ok' }));
  api.get('/v1/dev/outbox', async () => ({ items: [{ code: '123456' }] }));
  await api.listen({ port, host: '127.0.0.1' });
  return api;
}

describe('which /v1 paths are private to the API host', () => {
  it.each([
    '/v1/dev/outbox',
    '/v1/dev/outbox?to=victim%40example.com',
    '/v1/dev',
    '/v1/DEV/outbox',
    '/v1//dev/outbox',
    '/v1/./dev/outbox',
    '/v1/x/../dev/outbox',
    '/v1/%64ev/outbox',
    '/v1/%2564ev/outbox',
    '/v1%2fdev/outbox',
    '/v1/dev;x/outbox',
    '/v1/%E0%A4%A/outbox',
    'http://127.0.0.1:4000/v1/dev/outbox',
    'http://evil.example/v1/health',
  ])('%s is never forwarded', (url) => {
    expect(isPrivateApiPath(url)).toBe(true);
  });

  it.each(['/v1/health', '/v1/workspaces', '/v1/devices', '/v1/auth/login?next=/v1/dev/outbox'])('%s is', (url) => {
    expect(isPrivateApiPath(url)).toBe(false);
  });
});

describe('the production web server in front of the API', () => {
  let work: string;
  let layout: ReleasesLayout;
  let port: number;
  let web: FastifyInstance;
  let upstream: FastifyInstance | undefined;
  const seen: string[] = [];

  beforeEach(async () => {
    work = await tempDir();
    layout = releasesLayout(path.join(work, 'releases'));
    const host = await fakeBuild(work, 'host', 'c0ffee01');
    await fs.writeFile(path.join(host, 'main.c0ffee01aa.js.map'), '{"sources":["secret.ts"]}');
    await release(layout, 'host', host);
    port = await freePort();
    web = await buildStaticServer({
      site: releasesSite(layout),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: `http://127.0.0.1:${port}`,
    });
    seen.length = 0;
  });
  afterEach(async () => {
    await web.close();
    await upstream?.close();
    upstream = undefined;
  });

  it('never forwards /v1/dev/*, whatever the API behind it serves', async () => {
    upstream = await startUpstream(port, seen);
    for (const url of [
      '/v1/dev/outbox?to=victim%40example.com',
      '/v1/%64ev/outbox',
      '/v1//dev/outbox',
      '/v1/DEV/outbox',
    ]) {
      const res = await web.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(res.body).not.toContain('123456');
    }
    expect(seen).toEqual([]);
    expect((await web.inject({ method: 'GET', url: '/v1/health' })).json()).toEqual({ status: 'ok' });
    expect(seen).toEqual(['/v1/health']);
  });

  it('answers 502 with a generic JSON error while the API is down, and recovers by itself when it is back', async () => {
    // Over real sockets, as a browser meets it.
    const site = await web.listen({ port: 0, host: '127.0.0.1' });
    for (const method of ['GET', 'POST', 'DELETE']) {
      const body = method === 'POST' ? '{"email":"a@example.com"}' : undefined;
      const res = await fetch(`${site}/v1/health`, {
        method,
        body,
        headers: body ? { 'content-type': 'application/json' } : {},
      });
      const text = await res.text();
      expect([method, res.status]).toEqual([method, 502]);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(text)).toEqual(API_UNREACHABLE);
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|\d{4,5}/);
    }
    upstream = await startUpstream(port, seen);
    const back = await fetch(`${site}/v1/health`);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ status: 'ok' });
  });

  it('serves no source maps, and a release does not even store them', async () => {
    expect((await web.inject({ method: 'GET', url: '/main.c0ffee01aa.js' })).statusCode).toBe(200);
    const map = await web.inject({ method: 'GET', url: '/main.c0ffee01aa.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    const stored = await fs.readdir(path.join(work, 'releases'), { recursive: true });
    expect(stored.filter((f) => String(f).endsWith('.map'))).toEqual([]);
  });
});
