import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { API_UNREACHABLE } from './api-gateway';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { freePortIn, waitFor } from './testing/api-instance';

/** A stand-in API instance: counts what it is asked, and either answers or drops the connection unanswered. */
interface StandIn {
  url: string;
  /** Method and path of every request it received in full. */
  seen: string[];
  /** Requests whose headers arrived (complete or not). */
  started: number;
  behaviour: 'answer' | 'drop' | 'drain';
  close(): Promise<void>;
}

async function standIn(behaviour: StandIn['behaviour'], name: string): Promise<StandIn> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    api.started += 1;
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      if (api.behaviour === 'drop') req.socket.destroy();
      else if (api.behaviour === 'drain')
        res.writeHead(503, { 'retry-after': '5', 'x-draining': '1' }).end('{"statusCode":503}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ from: name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api: StandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    started: 0,
    behaviour,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

/** An origin where nothing listens (connections refused). */
async function refusedOrigin(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** One request on its own connection (a pooled one could outlive the previous test's server on this port). */
function call(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json(): unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) as unknown }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

let web: FastifyInstance | undefined;
const apis: StandIn[] = [];
const changes: string[] = [];
afterEach(async () => {
  await web?.close();
  await Promise.all(apis.map((api) => api.close()));
  apis.length = 0;
  changes.length = 0;
});

async function webFor(...origins: string[]): Promise<string> {
  const work = await tempDir();
  web = await buildStaticServer({
    site: releasesSite(releasesLayout(path.join(work, 'releases'))),
    runtimeConfig: defaultRuntimeConfig,
    apiUpstream: origins,
    // Checks far apart: these tests are about what the requests themselves find out.
    upstreamHealth: { intervalMs: 60_000, timeoutMs: 1_000 },
    onUpstreamChange: (line) => changes.push(line),
  });
  const port = await freePortIn(8850, 8869);
  await web.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

async function started(...list: Array<Promise<StandIn>>): Promise<StandIn[]> {
  const made = await Promise.all(list);
  apis.push(...made);
  return made;
}

describe('several API upstreams behind the web server', () => {
  it('spreads requests over them', async () => {
    const [a, b] = await started(standIn('answer', 'a'), standIn('answer', 'b'));
    const site = await webFor(a!.url, b!.url);
    for (let i = 0; i < 10; i++) expect((await call(`${site}/v1/workspaces`)).status).toBe(200);
    expect([a!.seen.length, b!.seen.length]).toEqual([5, 5]);
  });

  it('a GET whose upstream refuses the connection is answered by another, and the refuser is marked down', async () => {
    const [b] = await started(standIn('answer', 'b'));
    const dead = await refusedOrigin();
    const site = await webFor(dead, b!.url);
    for (let i = 0; i < 6; i++) {
      const res = await call(`${site}/v1/workspaces?i=${i}`);
      expect(await res.json()).toEqual({ from: 'b' });
    }
    expect(changes).toEqual([expect.stringMatching(new RegExp(`^API upstream ${dead} is down \\(econnrefused\\)`))]);
  });

  it('a GET whose upstream drops the connection before answering is answered by another', async () => {
    const [a, b] = await started(standIn('drop', 'a'), standIn('answer', 'b'));
    const site = await webFor(a!.url, b!.url);
    for (let i = 0; i < 4; i++) expect((await call(`${site}/v1/workspaces`)).status).toBe(200);
    expect(a!.seen.length).toBeGreaterThanOrEqual(1);
    expect(changes).toEqual([expect.stringContaining(`API upstream ${a!.url} is down`)]);
  });

  it('never sends a POST or PATCH twice: the one whose upstream dropped it gets the 502, the other upstream never sees it', async () => {
    const [a, b] = await started(standIn('drop', 'a'), standIn('answer', 'b'));
    const site = await webFor(a!.url, b!.url);
    const statuses: number[] = [];
    for (const method of ['POST', 'POST', 'PATCH', 'PATCH']) {
      const res = await call(`${site}/v1/workspaces/1`, {
        method,
        body: '{"name":"x"}',
        headers: { 'content-type': 'application/json' },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 502)).toHaveLength(a!.seen.length);
    expect(a!.seen.length + b!.seen.length).toBe(4); // each write sent exactly once
    expect(a!.seen.length).toBeGreaterThanOrEqual(1);
  });

  it('never sends a body twice: an OPTIONS with a body whose upstream dropped it gets the 502', async () => {
    const [a, b] = await started(standIn('drop', 'a'), standIn('answer', 'b'));
    const site = await webFor(a!.url, b!.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // (Node frames a body only when told its length for OPTIONS.)
      const res = await call(`${site}/v1/workspaces`, {
        method: 'OPTIONS',
        body: '{"probe":1}',
        headers: { 'content-type': 'application/json', 'content-length': '11' },
      });
      statuses.push(res.status);
    }
    expect(a!.seen.length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 502)).toHaveLength(a!.seen.length);
    expect(a!.seen.length + b!.seen.length).toBe(4);
  });

  it('a GET answered 503 by a draining instance is answered by another that is up; a POST is not moved', async () => {
    const [a, b] = await started(standIn('drain', 'a'), standIn('answer', 'b'));
    const site = await webFor(a!.url, b!.url);
    for (let i = 0; i < 4; i++) {
      const res = await call(`${site}/v1/workspaces`);
      expect([res.status, res.json(), res.headers['x-draining'], res.headers['retry-after']]).toEqual([
        200,
        { from: 'b' },
        undefined,
        undefined,
      ]);
    }
    const posts = await Promise.all([0, 1].map(() => call(`${site}/v1/contact`, { method: 'POST', body: '{}' })));
    expect(posts.map((p) => p.status).sort()).toEqual([200, 503]);
    // A 503 is an answer, not a sign of death: only the health check marks an instance down.
    expect(changes).toEqual([]);
  });

  it('when every instance answers 503 (the database is away), that 503 is the answer', async () => {
    const [a, b] = await started(standIn('drain', 'a'), standIn('drain', 'b'));
    const site = await webFor(a!.url, b!.url);
    const res = await call(`${site}/v1/workspaces`);
    expect(res.status).toBe(503);
    expect(a!.seen.length + b!.seen.length).toBeLessThanOrEqual(2);
  });

  it('answers the generic 502 once every upstream was tried', async () => {
    const [a, b] = await started(standIn('drop', 'a'), standIn('drop', 'b'));
    const site = await webFor(a!.url, b!.url);
    const res = await call(`${site}/v1/workspaces`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual(API_UNREACHABLE);
    expect([a!.seen, b!.seen]).toEqual([['GET /v1/workspaces'], ['GET /v1/workspaces']]);
  });

  it('a client cannot mark upstreams down by abandoning uploads', async () => {
    const [a, b] = await started(standIn('answer', 'a'), standIn('answer', 'b'));
    const site = new URL(await webFor(a!.url, b!.url));
    for (let i = 1; i <= 6; i++) {
      const socket = net.connect(Number(site.port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /v1/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a"',
      );
      await waitFor('the upload to reach an upstream', () => a!.started + b!.started === i);
      socket.destroy();
    }
    for (let i = 0; i < 4; i++) expect((await call(`${site.origin}/v1/workspaces`)).status).toBe(200);
    expect(changes).toEqual([]);
  });

  it('forwards nothing that resolves outside /v1 (backslashes and dot segments as the URL parser reads them)', async () => {
    const [a] = await started(standIn('answer', 'a'));
    const site = new URL(await webFor(a!.url));
    for (const target of ['/v1/x\\..\\..\\docs', '/v1/%2e%2e/docs', '/v1/x/..\\..\\docs']) {
      const res = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: site.port, path: target, agent: false }, (r) => {
            r.resume();
            resolve(r.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect([target, res]).toEqual([target, expect.any(Number)]);
      expect(res).not.toBe(200);
    }
    expect(a!.seen).toEqual([]);
  });
});
