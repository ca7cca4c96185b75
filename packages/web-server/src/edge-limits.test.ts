import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { scaled } from '@kloof/test-kit/slowdown';
import { parseTrustedProxies } from './client-address';
import { DEFAULT_EDGE_LIMITS, type EdgeLimits } from './edge-limits';
import { defaultRuntimeConfig } from './runtime-config';
import { buildStaticServer } from './static-server';
import { releasedHostSite } from './testing/released-host';
import { waitFor } from './testing/api-instance';

/** Limits shortened for a test: long enough for a loaded machine to send a request, short to wait for. */
const SHORT = scaled(500);

const servers: FastifyInstance[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The web server with the given limits, in front of a stand-in API that takes bodies. */
async function startWeb(limits: Partial<EdgeLimits>, trustProxy?: string): Promise<number> {
  const api = Fastify();
  servers.push(api);
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  api.post('/v1/upload', async (request) => {
    for await (const _chunk of request.body as AsyncIterable<Buffer>);
    return { ok: true };
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const web = await buildStaticServer({
    site: await releasedHostSite(),
    runtimeConfig: defaultRuntimeConfig,
    apiUpstream: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`,
    trustProxy: trustProxy ? parseTrustedProxies(trustProxy, '1') : null,
    edgeLimits: { ...DEFAULT_EDGE_LIMITS, ...limits },
  });
  servers.push(web);
  await web.listen({ port: 0, host: '127.0.0.1' });
  return (web.server.address() as AddressInfo).port;
}

/** A raw connection whose closing and bytes received are watched. */
interface Watched {
  socket: net.Socket;
  closed: boolean;
  received: string;
}

async function connect(port: number, localAddress = '127.0.0.1', first?: string): Promise<Watched> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  const watched: Watched = { socket, closed: false, received: '' };
  socket.on('data', (chunk: Buffer) => (watched.received += chunk.toString('latin1')));
  socket.on('close', () => (watched.closed = true));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  if (first) socket.write(first);
  return watched;
}

const closed = (watched: Watched, what: string) => waitFor(what, () => watched.closed, scaled(10_000));

/** One whole GET on a fresh connection, as a visitor's browser sends it. */
async function visit(port: number, localAddress = '127.0.0.1'): Promise<string> {
  const visitor = await connect(port, localAddress, 'GET /registry.json HTTP/1.1\r\nHost: localhost\r\n\r\n');
  await waitFor('the answer', () => visitor.received.includes('\r\n\r\n'), scaled(10_000));
  return visitor.received.split('\r\n')[0] ?? '';
}

describe('timeouts at the edge', () => {
  it('closes a half-open connection that never sends a byte after the header timeout, with a 408', async () => {
    const port = await startWeb({ headerTimeoutMs: SHORT });
    const silent = await connect(port);
    await closed(silent, 'the silent connection to be closed');
    expect(silent.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a slowloris that keeps sending header lines but never ends them', async () => {
    const port = await startWeb({ headerTimeoutMs: SHORT });
    const slow = await connect(port, '127.0.0.1', 'GET / HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write('X-Padding: 1\r\n'), SHORT / 5);
    try {
      await closed(slow, 'the slowloris to be closed');
    } finally {
      clearInterval(trickle);
    }
    expect(slow.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a request whose body stops arriving after the body timeout', async () => {
    const port = await startWeb({ bodyTimeoutMs: SHORT });
    const upload = await connect(
      port,
      '127.0.0.1',
      'POST /v1/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await closed(upload, 'the stalled upload to be closed');
  });

  it('closes a kept-alive connection left idle after the keep-alive timeout', async () => {
    const port = await startWeb({ keepAliveTimeoutMs: SHORT });
    const kept = await connect(port, '127.0.0.1', 'GET /registry.json HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed(kept, 'the idle kept-alive connection to be closed');
    expect(kept.received).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('room for real visitors', () => {
  it('at the cap, a new visitor is answered and the oldest idle connection makes way', async () => {
    const port = await startWeb({ maxConnections: 20 });
    const idle: Watched[] = [];
    for (let i = 0; i < 20; i++) idle.push(await connect(port, `127.0.1.${i + 1}`));
    expect(await visit(port)).toBe('HTTP/1.1 200 OK');
    await closed(idle[0]!, 'the oldest idle connection to make way');
    expect(idle.slice(1).filter((watched) => watched.closed)).toEqual([]);
  });

  it("one address over its limit loses its own oldest idle connection, nobody else's", async () => {
    const port = await startWeb({ maxConnectionsPerAddress: 5 });
    const other = await connect(port, '127.0.2.9');
    const own: Watched[] = [];
    for (let i = 0; i < 5; i++) own.push(await connect(port, '127.0.2.1'));
    expect(await visit(port, '127.0.2.1')).toBe('HTTP/1.1 200 OK');
    await closed(own[0]!, "that address's oldest connection to make way");
    expect(other.closed).toBe(false);
    expect(own.slice(1).filter((watched) => watched.closed)).toEqual([]);
  });

  it('a trusted proxy carries many visitors: its connections are not held to one address', async () => {
    const port = await startWeb({ maxConnectionsPerAddress: 5 }, '127.0.3.1');
    const proxied: Watched[] = [];
    for (let i = 0; i < 10; i++) proxied.push(await connect(port, '127.0.3.1'));
    expect(await visit(port, '127.0.3.1')).toBe('HTTP/1.1 200 OK');
    expect(proxied.filter((watched) => watched.closed)).toEqual([]);
  });
});
