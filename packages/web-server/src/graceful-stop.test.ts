import net from 'node:net';
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { scaled } from '@kloof/test-kit/slowdown';
import { stopGracefully } from './graceful-stop';

describe('stopping the web server', () => {
  it('lets an answer in flight finish', async () => {
    const app = Fastify();
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    app.get(
      '/slow',
      () =>
        new Promise((resolve) => {
          release = () => resolve('done');
          arrived();
        }),
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`${address}/slow`).then((response) => response.text());
    // Stop only once the server is answering it (a request that comes after the stop gets a 503).
    await inFlight;
    const stopped = stopGracefully(app, scaled(5_000));
    release();
    expect(await answer).toBe('done');
    await stopped;
  });

  it('cuts a client that never finishes its request once the grace period is over', async () => {
    const app = Fastify();
    let arrived: () => void = () => undefined;
    const headersRead = new Promise<void>((resolve) => (arrived = resolve));
    app.addHook('onRequest', async () => arrived());
    app.post('/upload', async () => 'ok');
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    // Headers sent, body promised, never sent: the connection is busy, not idle.
    const socket = net.connect(Number(address.port), address.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nab');
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await headersRead;

    // The stop ends (it would wait for the body for ever) and the client's connection is cut.
    await stopGracefully(app, 300);
    await closed;
    expect(socket.destroyed).toBe(true);
  });
});
