import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { API_ERROR_CODES } from '@kloof/api-contract/constants';
import { errorBody } from './error-answers';
import { BASELINE_SECURITY_HEADERS, HSTS } from './security-headers';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite, type Site } from './site';
import { buildStaticServer } from './static-server';
import { freePortIn } from './testing/api-instance';
import { rawRequest } from './testing/raw-request';

let web: FastifyInstance | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
});

async function startWeb(options: { https?: boolean; site?: (site: Site) => Site } = {}): Promise<number> {
  const work = await tempDir();
  const layout = releasesLayout(path.join(work, 'releases'));
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee01'));
  const site = releasesSite(layout);
  web = await buildStaticServer({
    site: options.site ? options.site(site) : site,
    runtimeConfig: defaultRuntimeConfig,
    https: options.https,
  });
  const port = await freePortIn(8830, 8849);
  await web.listen({ port, host: '127.0.0.1' });
  return port;
}

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

/** Every security header an answer must carry, whatever its status. */
function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>) {
  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) {
    expect([name, headers[name]]).toEqual([name, value]);
  }
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
}

describe("the web server's own error answers", () => {
  it("carry the contract's code of their status, as the API's answers do", () => {
    const codes = [400, 404, 408, 413, 415, 431, 500, 502].map((status) => [status, errorBody(status).code]);
    expect(codes).toEqual([
      [400, 'bad_request'],
      [404, 'not_found'],
      [408, 'request_timeout'],
      [413, 'payload_too_large'],
      [415, 'unsupported_media_type'],
      [431, 'headers_too_large'],
      [500, 'internal_error'],
      [502, 'internal_error'],
    ]);
    expect(codes.filter(([, code]) => !(API_ERROR_CODES as readonly unknown[]).includes(code))).toEqual([]);
  });

  it('send the headers of a normal answer (the list the error answers use is the one helmet sends)', async () => {
    const port = await startWeb();
    const normal = await rawRequest(port, get('/'));
    expect(normal.status).toBe(200);
    const security = Object.keys(normal.headers).filter(
      (name) =>
        name.startsWith('x-') ||
        name.startsWith('cross-origin') ||
        ['origin-agent-cluster', 'referrer-policy'].includes(name),
    );
    expect(Object.fromEntries(security.map((name) => [name, normal.headers[name]]))).toEqual(BASELINE_SECURITY_HEADERS);
  });

  it('a URL it cannot decode (/%ZZ): 400 with the security headers, the input not echoed', async () => {
    const port = await startWeb();
    const res = await rawRequest(port, get('/%ZZ<script>alert(1)</script>'));
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers);
    expect(res.body).not.toMatch(/ZZ|script|alert/);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 400, code: 'bad_request', error: 'Bad Request' });
  });

  it("Node's 431 for oversized headers: the security headers too (HSTS under https)", async () => {
    const port = await startWeb({ https: true });
    const res = await rawRequest(port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'<b>'.repeat(10_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expectSecurityHeaders(res.headers);
    expect(res.headers['strict-transport-security']).toBe(HSTS);
    expect(res.body).not.toContain('<b>');
  });

  it('a request Node cannot parse (both Content-Length and chunked): 400 with the headers', async () => {
    const port = await startWeb();
    const res = await rawRequest(
      port,
      'POST /v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expect(res.status).toBe(400);
    expectSecurityHeaders(res.headers);
  });

  it('404s for unknown routes and private API paths name nothing from the request', async () => {
    const port = await startWeb();
    for (const request of [
      'POST /%3Cimg%20src=x%20onerror=alert(1)%3E/<img> HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      get('/v1/dev/outbox?to=<svg>'),
      get('/nothing-here-<svg>.js'),
    ]) {
      const res = await rawRequest(port, request);
      expect(res.status).toBe(404);
      expectSecurityHeaders(res.headers);
      expect(res.body).not.toMatch(/img|svg|outbox|nothing/);
    }
  });

  it('a failure inside the server: a generic 500, its detail in the log only, with the headers', async () => {
    const port = await startWeb({
      site: (site) => ({
        ...site,
        registry: () => {
          throw new Error('EACCES: /srv/kloof/secret/registry.json');
        },
      }),
    });
    const res = await rawRequest(port, get('/registry.json'));
    expect(res.status).toBe(500);
    expectSecurityHeaders(res.headers);
    expect(res.body).not.toMatch(/EACCES|srv|secret/);
  });
});

describe('one framing policy', () => {
  it('HTML and everything else: X-Frame-Options DENY, as the CSP says (frame-ancestors none)', async () => {
    const port = await startWeb();
    for (const target of ['/', '/pricing', '/registry.json', '/main.c0ffee01aa.js', '/missing.js']) {
      const res = await rawRequest(port, get(target));
      expect([target, res.headers['x-frame-options']]).toEqual([target, 'DENY']);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});
