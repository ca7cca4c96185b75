import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { releasesLayout } from '@kloof/release-registry/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { scaled } from '@kloof/test-kit/slowdown';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { ApiInstance, freePortIn, waitFor } from './testing/api-instance';

/**
 * Two real API processes (each on its own PGlite folder: this is about the web server in front,
 * not about shared data) behind one web server, under steady GET traffic; one is killed with
 * SIGKILL and started again.
 */
describe('two API instances behind one web server, one killed under traffic', () => {
  let apis: ApiInstance[] = [];
  let web: FastifyInstance;
  let site: string;
  const changes: string[] = [];

  beforeAll(async () => {
    const first = await freePortIn(4830, 4849);
    const second = await freePortIn(first + 1, 4849);
    // Info level: every request is logged with its request id, which tells who served it.
    apis = await Promise.all([first, second].map((port) => ApiInstance.start(port, { LOG_LEVEL: 'info' })));
    const work = await tempDir();
    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(work, 'releases'))),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: apis.map((api) => api.origin),
      upstreamHealth: { intervalMs: 250, timeoutMs: scaled(2_000) },
      onUpstreamChange: (line) => changes.push(`${new Date().toISOString()} ${line}`),
    });
    const port = await freePortIn(8870, 8889);
    await web.listen({ port, host: '127.0.0.1' });
    site = `http://127.0.0.1:${port}`;
  }, scaled(180_000));

  afterAll(async () => {
    await web?.close();
    await Promise.all(apis.map((api) => api.remove()));
  });

  it(
    'loses no GET, stops using the dead one at once, and uses it again once it is back',
    async () => {
      const [steady, victim] = apis as [ApiInstance, ApiInstance];
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      let sent = 0;
      const failures: string[] = [];
      let running = true;
      const get = (id: string) =>
        new Promise<void>((resolve) => {
          const req = http.get(`${site}/v1/health`, { agent, headers: { 'x-request-id': id } }, (res) => {
            res.resume();
            res.on('end', () => {
              if (res.statusCode !== 200) failures.push(`${id}: ${res.statusCode}`);
              resolve();
            });
          });
          req.on('error', (err) => {
            failures.push(`${id}: ${err.message}`);
            resolve();
          });
        });
      // Four clients, each sending its next GET as soon as the previous one is answered.
      const clients = Array.from({ length: 4 }, async () => {
        while (running) await get(`kill-test-${++sent}`);
      });
      const servedBy = (api: ApiInstance, after: number) =>
        [...api.output.matchAll(/"reqId":"kill-test-(\d+)"/g)].some((m) => Number(m[1]) > after);

      try {
        await waitFor('both instances to serve traffic', () => servedBy(steady, 0) && servedBy(victim, 0));

        const killedAt = Date.now();
        const sentBeforeKill = sent;
        await victim.crash();
        await waitFor('the dead instance to be marked down', () =>
          changes.some((c) => c.includes(`${victim.origin} is down`)),
        );
        const markedDownMs = Date.now() - killedAt;
        // Steady traffic carries on while it is away: 200 more GETs.
        await waitFor('200 more GETs while one instance is dead', () => sent > sentBeforeKill + 200);

        const restartedAt = Date.now();
        await victim.restart();
        const upAt = Date.now();
        const sentAtRestart = sent;
        await waitFor('the instance to serve traffic again', () => servedBy(victim, sentAtRestart));
        const backInUseMs = Date.now() - upAt;

        running = false;
        await Promise.all(clients);
        console.log(
          `multi-upstream kill: ${sent} GETs, ${failures.length} failed; dead one marked down ${markedDownMs} ms ` +
            `after SIGKILL; restarted in ${upAt - restartedAt} ms; served traffic again ${backInUseMs} ms after ` +
            `it answered its health check\n${changes.join('\n')}`,
        );
        expect(failures).toEqual([]);
        expect(changes.some((c) => c.includes(`${victim.origin} is back`))).toBe(true);
      } finally {
        running = false;
        await Promise.all(clients);
        agent.destroy();
      }
    },
    scaled(180_000),
  );
});
