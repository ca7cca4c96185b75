import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { scaled } from '@kloof/test-kit/slowdown';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { ApiInstance, freePortIn, waitFor } from './testing/api-instance';
import { steadyGets } from './testing/steady-gets';

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
      const traffic = steadyGets(site, 'kill-test');
      const servedBy = (api: ApiInstance, after: number) =>
        [...api.output.matchAll(/"reqId":"kill-test-(\d+)"/g)].some((m) => Number(m[1]) > after);
      try {
        await waitFor('both instances to serve traffic', () => servedBy(steady, 0) && servedBy(victim, 0));

        const killedAt = Date.now();
        const sentBeforeKill = traffic.sent;
        await victim.crash();
        await waitFor('the dead instance to be marked down', () =>
          changes.some((c) => c.includes(`${victim.origin} is down`)),
        );
        const markedDownMs = Date.now() - killedAt;
        // Steady traffic carries on while it is away: 200 more GETs.
        await waitFor('200 more GETs while one instance is dead', () => traffic.sent > sentBeforeKill + 200);

        const restartedAt = Date.now();
        await victim.restart();
        const upAt = Date.now();
        const sentAtRestart = traffic.sent;
        await waitFor('the instance to serve traffic again', () => servedBy(victim, sentAtRestart));
        const backInUseMs = Date.now() - upAt;

        await traffic.stop();
        console.log(
          `multi-upstream kill: ${traffic.sent} GETs, ${traffic.failures.length} failed; dead one marked down ` +
            `${markedDownMs} ms after SIGKILL; restarted in ${upAt - restartedAt} ms; served traffic again ` +
            `${backInUseMs} ms after it answered its health check\n${changes.join('\n')}`,
        );
        expect(traffic.failures).toEqual([]);
        expect(changes.some((c) => c.includes(`${victim.origin} is back`))).toBe(true);
      } finally {
        await traffic.stop();
      }
    },
    scaled(180_000),
  );

  it(
    'loses no GET while one instance stops gracefully (SIGTERM: it drains, answers latecomers 503, exits)',
    async () => {
      const [leaving] = apis as [ApiInstance, ApiInstance];
      // A route other than health, as a client's call: a signed-out GET /v1/workspaces is answered
      // 401 by every instance that is serving, and 503 by one that is draining: any other answer is
      // a failure of the edge.
      const traffic = steadyGets(site, 'term-test', { route: '/v1/workspaces', expected: 401 });
      try {
        await waitFor('traffic to flow', () => traffic.sent > 50);
        const stoppedAt = traffic.sent;
        await leaving.stop();
        await waitFor('200 more GETs after it exited', () => traffic.sent > stoppedAt + 200);
        await traffic.stop();
        console.log(
          `multi-upstream SIGTERM: ${traffic.sent} GETs, ${traffic.failures.length} failed\n${changes.join('\n')}`,
        );
        expect(traffic.failures).toEqual([]);
      } finally {
        await traffic.stop();
      }
    },
    scaled(120_000),
  );
});
