import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { scaled } from '@kloof/test-kit/slowdown';
import { parseTrustedProxies, type TrustedProxies } from './client-address';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';

/** A stand-in API that answers with the forwarding headers it received. */
async function echoUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        xff: req.headers['x-forwarded-for'] ?? null,
        proto: req.headers['x-forwarded-proto'] ?? null,
        forwarded: req.headers.forwarded ?? null,
        realIp: req.headers['x-real-ip'] ?? null,
        forwardedHost: req.headers['x-forwarded-host'] ?? null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let web: FastifyInstance | undefined;
let upstream: Awaited<ReturnType<typeof echoUpstream>> | undefined;
afterEach(async () => {
  await web?.close();
  await upstream?.close();
});

async function startWeb(trustProxy: TrustedProxies | null): Promise<number> {
  const work = await tempDir();
  const layout = releasesLayout(path.join(work, 'releases'));
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee01'));
  upstream = await echoUpstream();
  web = await buildStaticServer({
    site: releasesSite(layout),
    runtimeConfig: defaultRuntimeConfig,
    apiUpstream: upstream.url,
    trustProxy,
  });
  await web.listen({ port: 0, host: '127.0.0.1' });
  return (web.server.address() as AddressInfo).port;
}

/** A real client on its own loopback address (Linux routes all of 127.0.0.0/8 to lo). */
function getFrom(localAddress: string, port: number, headers: Record<string, string>) {
  return new Promise<Record<string, string | null>>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/v1/health', localAddress, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(body) as Record<string, string | null>));
    });
    req.on('error', reject);
  });
}

const spoofed = {
  'x-forwarded-for': '198.51.100.7',
  forwarded: 'for=198.51.100.7',
  'x-real-ip': '198.51.100.7',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
};

describe('the web server decides the client address it forwards to the API', () => {
  it('is the edge by default: the socket address, whatever the client claims', async () => {
    const port = await startWeb(null);
    expect(await getFrom('127.0.0.2', port, spoofed)).toEqual({
      xff: '127.0.0.2',
      proto: 'http',
      forwarded: null,
      realIp: null,
      forwardedHost: null,
    });
    expect((await getFrom('127.0.0.3', port, {})).xff).toBe('127.0.0.3');
  });

  it('believes a named front proxy: the address it appended, not what its client wrote before it', async () => {
    const port = await startWeb({ addresses: ['127.0.0.2'], hops: 1 });
    const viaProxy = await getFrom('127.0.0.2', port, {
      'x-forwarded-for': '198.51.100.7, 203.0.113.9',
      'x-forwarded-proto': 'https',
    });
    expect(viaProxy).toMatchObject({ xff: '203.0.113.9', proto: 'https' });
    // Anyone else reaching the server directly is the edge case again: its headers are ignored.
    expect(await getFrom('127.0.0.3', port, spoofed)).toMatchObject({ xff: '127.0.0.3', proto: 'http' });
  });

  it('walks as many trusted hops as configured (CDN then load balancer), no further', async () => {
    const port = await startWeb({ addresses: ['127.0.0.0/8'], hops: 2 });
    const res = await getFrom('127.0.0.2', port, { 'x-forwarded-for': '198.51.100.7, 203.0.113.9, 127.0.0.5' });
    expect(res.xff).toBe('203.0.113.9');
    const spoofedLoopback = await getFrom('127.0.0.2', port, { 'x-forwarded-for': '127.0.0.9, 127.0.0.5' });
    expect(spoofedLoopback.xff).toBe('127.0.0.9'); // two hops only: the third entry is the client
  });
});

describe('TRUST_PROXY / TRUST_PROXY_HOPS', () => {
  it('reads a CIDR list and a hop count (default 1), nothing when unset', () => {
    expect(parseTrustedProxies(undefined, undefined)).toBeNull();
    expect(parseTrustedProxies('10.0.0.0/8, 2001:db8::/32,192.0.2.1', undefined)).toEqual({
      addresses: ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'],
      hops: 1,
    });
    expect(parseTrustedProxies('10.0.0.0/8', '2')?.hops).toBe(2);
  });

  it.each([['1'], ['true'], ['*'], ['10.0.0.0/33'], ['example.com']])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => parseTrustedProxies(value, undefined)).toThrow(/TRUST_PROXY must list addresses or CIDR blocks/);
  });

  it.each([
    ['0.0.0.0/0', /IPv4 blocks may be \/8 at the widest.*it is every address/],
    ['::/0', /IPv6 blocks may be \/32 at the widest.*it is every address/],
    ['1.0.0.0/7', /IPv4 blocks may be \/8 at the widest/],
    ['2001::/16', /IPv6 blocks may be \/32 at the widest/],
    // Node matches IPv4 clients against IPv6 blocks as ::ffff:a.b.c.d: these trust every IPv4 client.
    ['::ffff:0:0/96', /every IPv4 client/],
    ['::/64', /every IPv4 client/],
    ['::ffff:0.0.0.0/100', /an IPv4 \/4/],
  ])('refuses %s: wider than any proxy network, named in one line', (value, why) => {
    let message = '';
    try {
      parseTrustedProxies(`10.0.0.1, ${value}`, undefined);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain(`TRUST_PROXY "${value}"`);
    expect(message).toMatch(/wider than any proxy network/);
    expect(message).toMatch(why);
    expect(message).not.toContain('\n');
  });

  it('accepts the widest real proxy networks and narrower', () => {
    for (const value of [
      '10.0.0.0/8',
      '2001:db8::/32',
      'fd12:3456:789a::/48',
      '::ffff:10.0.0.0/104',
      '::1',
      '0.0.0.0',
    ]) {
      expect(parseTrustedProxies(value, undefined)?.addresses).toEqual([value]);
    }
  });

  it(
    'a refused TRUST_PROXY stops the server at start with that one line',
    async () => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0'], {
        cwd: path.join(import.meta.dirname, '..'),
        env: { ...process.env, TRUST_PROXY: '0.0.0.0/0' },
        encoding: 'utf8',
        timeout: scaled(30_000),
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^TRUST_PROXY "0.0.0.0\/0" is wider than any proxy network/),
      ]);
    },
    scaled(40_000),
  );

  it('refuses a hop count that is not 1-10', () => {
    expect(() => parseTrustedProxies('10.0.0.1', '0')).toThrow(/TRUST_PROXY_HOPS/);
  });
});
