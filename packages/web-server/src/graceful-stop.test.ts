import net from 'node:net';
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { stopGracefully } from './graceful-stop';

describe('stopping the web server', () => {
  it('lets an answer in flight finish', async () => {
    const app = Fastify();
    let release: () => void = () => undefined;
    app.get('/slow', () => new Promise((resolve) => (release = () => resolve('done'))));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = fetch(`${address}/slow`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = stopGracefully(app, 5_000);
    release();
    expect(await answer).toBe('done');
    await stopped;
  });

  it('cuts a client that never finishes its request once the grace period is over', async () => {
    const app = Fastify();
    app.post('/upload', async () => 'ok');
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    // Headers sent, body promised, never sent: the connection is busy, not idle.
    const socket = net.connect(Number(address.port), address.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nab');
    socket.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    await stopGracefully(app, 300);
    expect(Date.now() - started).toBeLessThan(5_000);
    socket.destroy();
  });
});
