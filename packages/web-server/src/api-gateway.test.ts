import http, { type IncomingHttpHeaders } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { API_UNREACHABLE, isPrivateApiPath } from './api-gateway';
import { defaultRuntimeConfig } from './runtime-config';
import { BASELINE_SECURITY_HEADERS, ERROR_CSP, HSTS } from './security-headers';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { send } from './testing/socket-request';

/** What the stand-in API saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** A stand-in API: echoes what it got, with headers an API sends (some of them this hop's only). */
async function startUpstream(seen: Seen[]): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    if (req.url === '/v1/large') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(3 * 1024 * 1024) });
      res.end(Buffer.alloc(3 * 1024 * 1024, 7));
      return;
    }
    const body = JSON.stringify({ url: req.url });
    res.writeHead(200, [
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['content-security-policy', "default-src 'none'"],
      ['referrer-policy', 'no-referrer'],
      ['x-request-id', 'from-the-api'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['connection', 'x-upstream-hop'],
      ['x-upstream-hop', 'for the web server only'],
    ]);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('answers from the API through the gateway', () => {
  let upstream: http.Server;
  let web: FastifyInstance;
  let port: number;
  const seen: Seen[] = [];

  const start = async (https = false) => {
    const work = await tempDir();
    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(work, 'releases'))),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      https,
    });
    await web.listen({ port: 0, host: '127.0.0.1' });
    port = (web.server.address() as AddressInfo).port;
  };

  beforeEach(async () => {
    seen.length = 0;
    upstream = await startUpstream(seen);
  });
  afterEach(async () => {
    await web.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("answers with the API's status, body and headers over the security headers every /v1 answer starts with", async () => {
    await start();
    const res = await send(port, '/v1/current-user?include=settings');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ url: '/v1/current-user?include=settings' });
    expect(res.headers['x-request-id']).toBe('from-the-api');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    // The API's own values win; what it does not send, the web server's baseline gives.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) {
      if (name !== 'referrer-policy') expect([name, res.headers[name]]).toEqual([name, value]);
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The upstream connection's own headers stay on that connection.
    expect(res.headers['x-upstream-hop']).toBeUndefined();
  });

  it('sends the same headers for an escaped path as for its plain spelling', async () => {
    await start();
    const fast = await send(port, '/v1/same');
    const routed = await send(port, '/v1/s%61me');
    expect(seen.map((s) => s.url)).toEqual(['/v1/same', '/v1/s%61me']);
    const security = [
      ...Object.keys(BASELINE_SECURITY_HEADERS),
      'content-security-policy',
      'x-request-id',
      'set-cookie',
    ];
    for (const name of security) expect([name, fast.headers[name]]).toEqual([name, routed.headers[name]]);
    expect(fast.status).toBe(routed.status);
  });

  it('under https adds HSTS, and the error CSP stands when the API sends none', async () => {
    await upstreamWithoutHeaders();
    await start(true);
    const res = await send(port, '/v1/anything');
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    expect(res.headers['content-security-policy']).toBe(ERROR_CSP);
  });

  it("tells the API the client's address and protocol, its own host, and none of what the client claimed or this hop consumed", async () => {
    await start();
    await send(port, '/v1/who', {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-real-ip': '6.6.6.6',
        connection: 'keep-alive, x-client-hop',
        'x-client-hop': 'for the web server only',
        authorization: 'Bearer t',
      },
    });
    const { headers } = seen[0]!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers.host).toBe(`127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-client-hop']).toBeUndefined();
    expect(headers.authorization).toBe('Bearer t');
  });

  it('streams a large answer whole, and answers HEAD without a body', async () => {
    await start();
    const large = await send(port, '/v1/large');
    expect(large.body.length).toBe(3 * 1024 * 1024);
    expect(large.body.every((byte) => byte === 7)).toBe(true);
    const head = await send(port, '/v1/current-user', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(seen.at(-1)!.method).toBe('HEAD');
  });

  it('never forwards private paths, whatever their spelling, over a real connection either', async () => {
    await start();
    for (const url of ['/v1/dev/outbox?to=a%40example.com', '/v1/DEV/outbox', '/v1//dev/outbox', '/v1/%64ev/outbox']) {
      const res = await send(port, url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    expect(seen).toEqual([]);
  });

  /** The stand-in answers with no security header of its own (an API that forgot them). */
  async function upstreamWithoutHeaders(): Promise<void> {
    await new Promise((resolve) => upstream.close(resolve));
    upstream = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  }
});

/** A loopback port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A stand-in for the API behind the web server: it records every path it is asked for. */
async function startRecordingApi(port: number, seen: string[]): Promise<FastifyInstance> {
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

describe('the gateway in front of the API', () => {
  let port: number;
  let web: FastifyInstance;
  let upstream: FastifyInstance | undefined;
  const seen: string[] = [];

  beforeEach(async () => {
    const work = await tempDir();
    port = await freePort();
    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(work, 'releases'))),
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
    upstream = await startRecordingApi(port, seen);
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
    upstream = await startRecordingApi(port, seen);
    const back = await fetch(`${site}/v1/health`);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ status: 'ok' });
  });
});
