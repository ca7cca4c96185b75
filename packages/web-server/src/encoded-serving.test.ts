import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout, type ReleasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';

let work: string;
let layout: ReleasesLayout;
let server: FastifyInstance;
let chunk: string;
const TEXT = `console.log(${JSON.stringify('kloof digital '.repeat(300))});\n`;

beforeEach(async () => {
  work = await tempDir();
  layout = releasesLayout(path.join(work, 'releases'));
  const build = await fakeBuild(work, 'host', 'c0ffee01');
  chunk = '/page.0123456789.js';
  await fs.writeFile(path.join(build, chunk), TEXT);
  // Streamed rather than held: above the in-memory bound.
  await fs.writeFile(path.join(build, 'huge.0123456789.js'), `/*${'x'.repeat(2 * 1024 * 1024)}*/`);
  await fs.appendFile(path.join(build, 'index.html'), `<!-- ${'padding '.repeat(400)} -->`);
  await release(layout, 'host', build);
  server = await buildStaticServer({ site: releasesSite(layout), runtimeConfig: defaultRuntimeConfig });
});

afterEach(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  server.inject({ method, url, headers });

describe('files go out in the encoding stored at release', () => {
  it('sends the stored .br and .gz bytes as they are, and the file to a client that accepts neither', async () => {
    const dir = layout.versionDir('host', (await fs.readdir(layout.appDir('host')))[0]!);
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['br;q=0.1, gzip;q=0.9', 'gzip', '.gz'],
    ] as const) {
      const response = await get(chunk, { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.equals(await fs.readFile(path.join(dir, chunk + suffix)))).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
    const plain = await get(chunk);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(TEXT);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(TEXT));
  });

  it('gives each encoding its own strong ETag and answers a matching If-None-Match with 304', async () => {
    const br = await get(chunk, { 'accept-encoding': 'br' });
    const gzip = await get(chunk, { 'accept-encoding': 'gzip' });
    const identity = await get(chunk);
    const tags = [br, gzip, identity].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);

    const again = await get(chunk, { 'accept-encoding': 'br', 'if-none-match': tags[0]! });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(tags[0]);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The gzip ETag does not validate the brotli bytes.
    expect((await get(chunk, { 'accept-encoding': 'br', 'if-none-match': tags[1]! })).statusCode).toBe(200);
    expect((await get(chunk, { 'if-none-match': `"other", W/${tags[2]!}` })).statusCode).toBe(304);
  });

  it('answers HEAD with the headers and length of the GET, without a body', async () => {
    const head = await get(chunk, { 'accept-encoding': 'gzip' }, 'HEAD');
    const body = await get(chunk, { 'accept-encoding': 'gzip' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(body.headers['content-length']);
    expect(head.headers.etag).toBe(body.headers.etag);
  });

  it('streams a large file whole, with its length', async () => {
    const response = await get('/huge.0123456789.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    const bytes =
      response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    expect(bytes.length).toBe(2 * 1024 * 1024 + 4);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('sends the page in brotli with Cookie and Accept-Encoding in Vary, and its 304 keeps them', async () => {
    const page = await get('/', { 'accept-encoding': 'br', cookie: 'kloof-canary=0000abcd' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('padding');
    expect(page.headers.vary).toBe('Cookie, Accept-Encoding');
    const cached = await get('/', {
      'accept-encoding': 'br',
      cookie: 'kloof-canary=0000abcd',
      'if-none-match': String(page.headers.etag),
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(cached.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });
});
