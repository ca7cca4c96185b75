import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { API_COMPRESSION_MIN_BYTES } from './api-compression';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { send } from './testing/socket-request';

/** A list answer well over the threshold, as the API sends one. */
const LARGE = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Workspace ${i}`, description: 'A workspace' })),
});
const SMALL = JSON.stringify({ ok: true });

/**
 * A stand-in API: large JSON unless the path asks for another kind of answer (small, with a
 * cookie, streamed without a length, server-sent events, not JSON).
 */
async function startUpstream(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const json = (body: string, extra: Record<string, string> = {}) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        ...extra,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (url.includes('small')) return json(SMALL);
    if (url.includes('cookie')) return json(LARGE, { 'set-cookie': 'session=secret' });
    if (url.includes('no-transform')) return json(LARGE, { 'cache-control': 'no-store, no-transform' });
    if (url.includes('binary')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(LARGE.length) });
      return res.end(LARGE);
    }
    if (url.includes('streamed')) {
      // No length: written as it is made, each part to reach the client when written.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(LARGE.slice(0, 2000));
      return res.end(LARGE.slice(2000));
    }
    if (url.includes('events')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end(`data: ${LARGE}\n\n`);
    }
    return json(LARGE, { vary: 'Origin' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const varies = (headers: IncomingHttpHeaders) =>
  (headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .includes('accept-encoding');

describe('JSON answers of the API compressed on their way through the web server', () => {
  let upstream: http.Server;
  let web: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    upstream = await startUpstream();
    const work = await tempDir();
    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(work, 'releases'))),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    });
    await web.listen({ port: 0, host: '127.0.0.1' });
    port = (web.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await web.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('sends a large JSON answer in brotli to a client that accepts it, the same JSON once decoded', async () => {
    const res = await send(port, '/v1/workspaces', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.body.length).toBeLessThan(Buffer.byteLength(LARGE) / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(LARGE);
    // The API's own Vary stays, with Accept-Encoding beside it.
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('sends gzip to a client that accepts gzip and not brotli', async () => {
    const res = await send(port, '/v1/projects', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(LARGE);
    expect(varies(res.headers)).toBe(true);
  });

  it('sends the answer as the API sent it to a client that accepts no encoding, varying by Accept-Encoding', async () => {
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of asked) {
      const res = await send(port, '/v1/links', { headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(LARGE)));
      expect(res.body.toString()).toBe(LARGE);
      expect(varies(res.headers)).toBe(true);
    }
  });

  it('compresses answers the Fastify route proxies too (a body-carrying request)', async () => {
    const res = await send(port, '/v1/workspaces', {
      method: 'POST',
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(LARGE);
    expect(varies(res.headers)).toBe(true);
  });

  it(`leaves answers under ${API_COMPRESSION_MIN_BYTES} bytes plain`, async () => {
    const res = await send(port, '/v1/small', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SMALL);
  });

  it('never compresses what carries the account secrets (auth, current user) however the path is spelled', async () => {
    const secretPaths = [
      ['POST', '/v1/auth/login'],
      ['POST', '/v1/auth/refreshToken'],
      ['GET', '/v1/current-user'],
      ['POST', '/v1/current-user/totp'],
      ['GET', '/v1/current-user/totp/recovery-codes'],
      ['GET', '/v1/AUTH/login'],
      ['GET', '/v1//auth/login'],
      ['GET', '/v1/%61uth/login'],
      ['GET', '/v1/auth;x=1/login'],
    ] as const;
    for (const [method, url] of secretPaths) {
      const res = await send(port, url, { method, headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, res.status, res.headers['content-encoding']]).toEqual([url, 200, undefined]);
      expect(res.body.toString()).toBe(LARGE);
    }
  });

  it('never compresses an answer that sets a cookie', async () => {
    const res = await send(port, '/v1/with-cookie', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['set-cookie']).toEqual(['session=secret']);
    expect(res.body.toString()).toBe(LARGE);
  });

  it('leaves streamed answers (no length, server-sent events), other types and no-transform as they are', async () => {
    for (const url of ['/v1/streamed', '/v1/events', '/v1/binary', '/v1/no-transform']) {
      const res = await send(port, url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect([url, res.headers['content-encoding']]).toEqual([url, undefined]);
      expect(res.body.toString()).toContain(LARGE);
    }
  });

  it('answers HEAD with the headers as the API sent them', async () => {
    const res = await send(port, '/v1/workspaces', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(LARGE)));
  });
});
