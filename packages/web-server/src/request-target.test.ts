import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorBody } from './error-answers';
import { defaultRuntimeConfig } from './runtime-config';
import { buildStaticServer } from './static-server';
import { releasedHostSite } from './testing/released-host';
import { rawRequest } from './testing/raw-request';

const servers: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A stand-in for the API that records every target it is asked for, and what the outbox would leak. */
async function startApi(seen: string[]): Promise<number> {
  const api = Fastify();
  servers.push(api);
  api.addHook('onRequest', async (req) => void seen.push(req.url));
  api.get('/v1/health', async () => ({ status: 'ok' }));
  api.post('/v1/health', async () => ({ status: 'ok' }));
  api.get('/v1/dev/outbox', async () => ({ items: [{ code: '123456' }] }));
  await api.listen({ port: 0, host: '127.0.0.1' });
  return (api.server.address() as AddressInfo).port;
}

/** The web server in front of it; with request logging on, every /v1 request takes the Fastify route. */
async function startWeb(apiPort: number, logger: boolean): Promise<number> {
  const web = await buildStaticServer({
    site: await releasedHostSite(),
    runtimeConfig: defaultRuntimeConfig,
    apiUpstream: `http://127.0.0.1:${apiPort}`,
    logger,
  });
  servers.push(web);
  await web.listen({ port: 0, host: '127.0.0.1' });
  return (web.server.address() as AddressInfo).port;
}

const request = (method: string, target: string) =>
  method === 'POST'
    ? `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`
    : `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

describe('request targets that are not a path', () => {
  const targets = (apiPort: number) => [
    'http://evil.example/v1/health',
    `http://127.0.0.1:${apiPort}/v1/dev/outbox`,
    `HTTP://127.0.0.1:${apiPort}/v1/health`,
    'http://evil.example/',
    'http://evil.example/registry.json',
    '*',
  ];

  it.each([
    ['GET on the fast path', 'GET', false],
    ['GET through the Fastify route (request log on)', 'GET', true],
    ['POST through the Fastify route', 'POST', false],
  ])('%s: answered 400, nothing reaches the API', async (_way, method, logger) => {
    const seen: string[] = [];
    const apiPort = await startApi(seen);
    const port = await startWeb(apiPort, logger);
    for (const target of targets(apiPort)) {
      const res = await rawRequest(port, request(method, target));
      expect([target, res.status]).toEqual([target, 400]);
      expect(JSON.parse(res.body)).toEqual(errorBody(400));
    }
    expect(seen).toEqual([]);
    // The same server still answers paths as before.
    const health = await fetch(`http://127.0.0.1:${port}/v1/health`, {
      method,
      ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(health.status).toBe(200);
    expect(seen).toEqual(['/v1/health']);
  });
});
