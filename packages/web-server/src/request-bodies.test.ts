import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { TELEMETRY_BODY_LIMIT } from '@kloof/api-contract';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { scaled } from '@kloof/test-kit/slowdown';
import { API_BODY_LIMIT, API_BODY_TOO_LARGE } from './request-body';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { ApiInstance, freePortIn } from './testing/api-instance';

/** What an upstream received: the request line, headers and the exact bytes of the body. */
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in API that keeps every request as it arrived and answers 204. */
async function recordingUpstream(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function webServerFor(apiUpstream: string): Promise<{ web: FastifyInstance; url: string }> {
  const work = await tempDir();
  const web = await buildStaticServer({
    site: releasesSite(releasesLayout(path.join(work, 'releases'))),
    runtimeConfig: defaultRuntimeConfig,
    apiUpstream,
  });
  const port = await freePortIn(8810, 8829);
  await web.listen({ port, host: '127.0.0.1' });
  return { web, url: `http://127.0.0.1:${port}` };
}

/**
 * One request over a real socket, as a client writes it (curl, a browser, an attacker): status,
 * body text and the headers it got back.
 */
function send(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    chunked?: boolean;
  },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.path, base);
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (body && !options.chunked) headers['content-length'] = String(body.length);
    const req = http.request(url, { method: options.method ?? 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body && options.chunked) {
      // Two writes without a length: Node sends it chunked.
      req.write(body.subarray(0, 1000));
      req.end(body.subarray(1000));
    } else req.end(body);
  });
}

describe('request bodies reach the API exactly as the client sent them', () => {
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let web: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    upstream = await recordingUpstream();
    ({ web, url: base } = await webServerFor(upstream.url));
  });
  afterAll(async () => {
    await web.close();
    await upstream.close();
  });
  afterEach(() => {
    upstream.received.length = 0;
  });

  it('a gzip body goes on compressed, with its Content-Encoding and its compressed length', async () => {
    const gzipped = gzipSync('{"events":[]}');
    const res = await send(base, {
      path: '/v1/telemetry',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipped,
    });
    expect(res.status).toBe(204);
    const [seen] = upstream.received;
    expect(seen?.body.equals(gzipped)).toBe(true);
    expect(seen?.headers['content-encoding']).toBe('gzip');
    expect(seen?.headers['content-length']).toBe(String(gzipped.length));
  });

  it('keeps the charset and every byte of a text body (never decoded and re-encoded)', async () => {
    const utf16 = Buffer.from('{"events":[]}', 'utf16le');
    await send(base, { path: '/v1/telemetry', headers: { 'content-type': 'text/plain; charset=utf-16' }, body: utf16 });
    expect(upstream.received[0]?.headers['content-type']).toBe('text/plain; charset=utf-16');
    expect(upstream.received[0]?.body.equals(utf16)).toBe(true);
  });

  it('does not re-serialise JSON: spacing, key order and duplicate keys arrive as written', async () => {
    const json = '{ "email":"a@example.com" ,"email":"b@example.com",\n"password" : "x" }';
    await send(base, { path: '/v1/auth/login', headers: { 'content-type': 'application/json' }, body: json });
    expect(upstream.received[0]?.body.toString()).toBe(json);
  });

  it('streams a chunked body through as its bytes, framed one way only', async () => {
    const body = Buffer.alloc(5000, 'x');
    await send(base, { path: '/v1/contact', headers: { 'content-type': 'application/json' }, body, chunked: true });
    const [seen] = upstream.received;
    expect(seen?.body.equals(body)).toBe(true);
    // Chunked, or (when the whole body had already arrived) its exact length; never both.
    const framing = [seen?.headers['transfer-encoding'], seen?.headers['content-length']];
    expect([
      ['chunked', undefined],
      [undefined, '5000'],
    ]).toContainEqual(framing);
  });

  it('answers Expect: 100-continue itself and sends the API the body, not the expectation', async () => {
    const res = await send(base, {
      path: '/v1/contact',
      headers: { 'content-type': 'application/json', expect: '100-continue' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(204);
    expect(upstream.received[0]?.body.toString()).toBe('{"a":1}');
    expect(upstream.received[0]?.headers.expect).toBeUndefined();
  });

  it('sends a GET with a body as a GET without one: no length left behind to desynchronise the connection', async () => {
    const res = await send(base, { method: 'GET', path: '/v1/health', body: 'GET /v1/dev/outbox HTTP/1.1\r\n\r\n' });
    expect(res.status).toBe(204);
    expect(upstream.received).toHaveLength(1);
    expect(upstream.received[0]?.headers['content-length']).toBeUndefined();
    expect(upstream.received[0]?.body.length).toBe(0);
  });

  it("answers the API's 413 for a body over the API's limit, without sending it on", async () => {
    for (const chunked of [false, true]) {
      const res = await send(base, {
        path: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(API_BODY_LIMIT + 1, 'a'),
        chunked,
      });
      expect([chunked, res.status, JSON.parse(res.text)]).toEqual([chunked, 413, API_BODY_TOO_LARGE]);
    }
    expect(upstream.received).toEqual([]);
    // At the limit it is the API's to judge.
    await send(base, { path: '/v1/auth/login', body: Buffer.alloc(API_BODY_LIMIT, 'a') });
    expect(upstream.received[0]?.body.length).toBe(API_BODY_LIMIT);
  });

  it("uses a route's own smaller limit (telemetry), as the API does", async () => {
    const over = await send(base, { path: '/v1/telemetry', body: Buffer.alloc(TELEMETRY_BODY_LIMIT + 1, 'a') });
    expect(over.status).toBe(413);
    expect(upstream.received).toEqual([]);
    const within = await send(base, { path: '/v1/telemetry', body: Buffer.alloc(TELEMETRY_BODY_LIMIT, 'a') });
    expect(within.status).toBe(204);
  });
});

describe('through the web server, the real API answers as it does directly', () => {
  let api: ApiInstance;
  let web: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    api = await ApiInstance.start(await freePortIn(4810, 4829));
    ({ web, url: base } = await webServerFor(api.origin));
  }, scaled(120_000));
  afterAll(async () => {
    await web?.close();
    await api?.remove();
  });

  const json = { 'content-type': 'application/json' };
  const cases: Array<[string, Parameters<typeof send>[1]]> = [
    [
      'gzip-encoded JSON',
      {
        path: '/v1/telemetry',
        headers: { ...json, 'content-encoding': 'gzip' },
        body: gzipSync('{"events":[]}'),
      },
    ],
    [
      'text/plain in UTF-16',
      { path: '/v1/telemetry', headers: { 'content-type': 'text/plain; charset=utf-16' }, body: '{"events":[]}' },
    ],
    ['300 KB of JSON', { path: '/v1/auth/login', headers: json, body: Buffer.alloc(300 * 1024, 'a') }],
    [
      '3 MB with Expect: 100-continue',
      { path: '/v1/auth/login', headers: { ...json, expect: '100-continue' }, body: Buffer.alloc(3 << 20, 'a') },
    ],
    ['3 MB chunked', { path: '/v1/auth/login', headers: json, body: Buffer.alloc(3 << 20, 'a'), chunked: true }],
    ['20 KB of telemetry', { path: '/v1/telemetry', headers: json, body: Buffer.alloc(20 * 1024, 'a') }],
    ['bytes that are not UTF-8', { path: '/v1/auth/login', headers: json, body: Buffer.from([0x7b, 0xff, 0x7d]) }],
    ['a wrong password', { path: '/v1/auth/login', headers: json, body: '{"email":"a@example.com","password":"x"}' }],
  ];

  it.each(cases)('%s: the same status and body, every time (never a 502)', async (_name, request) => {
    for (let i = 0; i < 5; i++) {
      const direct = await send(api.origin, request);
      const proxied = await send(base, request);
      expect(proxied.status).not.toBe(502);
      expect({ status: proxied.status, body: JSON.parse(proxied.text) as unknown }).toEqual({
        status: direct.status,
        body: JSON.parse(direct.text) as unknown,
      });
    }
  });
});
