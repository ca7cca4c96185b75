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
import { releasedHostSite } from './testing/released-host';

// The web server's probes (probes.ts): live while it runs; ready while its releases are readable
// and an API behind /v1 is ready, with one word saying why not.

async function probe(site: string, path: '/livez' | '/readyz') {
  const res = await fetch(site + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function started(web: FastifyInstance, from: number): Promise<string> {
  const port = await freePortIn(from, from + 4);
  await web.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${port}`;
}

describe('web server probes with a real API behind /v1', () => {
  let api: ApiInstance;
  let web: FastifyInstance;
  let site: string;

  beforeAll(async () => {
    api = await ApiInstance.start(await freePortIn(4890, 4894));
    web = await buildStaticServer({
      site: await releasedHostSite(),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: api.origin,
    });
    site = await started(web, 8890);
  }, scaled(180_000));

  afterAll(async () => {
    await web?.close();
    await api?.remove();
  });

  it(
    'is live throughout, not ready while its API is down and ready again once it is back',
    async () => {
      expect(await probe(site, '/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
      await api.crash();
      expect(await probe(site, '/readyz')).toEqual({ status: 503, body: { status: 'not-ready', reason: 'api' } });
      expect(await probe(site, '/livez')).toEqual({ status: 200, body: { status: 'live' } });
      await api.restart();
      await waitFor('/readyz to answer 200', async () => (await probe(site, '/readyz')).status === 200);
    },
    scaled(180_000),
  );
});

describe('web server probes without a release', () => {
  let web: FastifyInstance;
  let site: string;

  beforeAll(async () => {
    const work = await tempDir();
    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(work, 'releases'))),
      runtimeConfig: defaultRuntimeConfig,
    });
    site = await started(web, 8895);
  });
  afterAll(async () => web?.close());

  it('is live and not ready, naming the releases and nothing more', async () => {
    expect(await probe(site, '/livez')).toEqual({ status: 200, body: { status: 'live' } });
    expect(await probe(site, '/readyz')).toEqual({ status: 503, body: { status: 'not-ready', reason: 'releases' } });
  });
});
