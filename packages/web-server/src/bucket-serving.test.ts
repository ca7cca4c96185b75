import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { scaled } from '@kloof/test-kit/slowdown';
import { getObject, type BucketLocation, type S3Client } from '@kloof/release-store/bucket';
import { bucketStore } from '@kloof/release-tool/bucket';
import { promote, release, rollback } from '@kloof/release-tool/store';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { freshBucket, startObjectStorage, type TestObjectStorage } from '@kloof/release-tool/testing/bucket';
import { bucketMirror, type BucketMirror } from './bucket-mirror';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';

let storage: TestObjectStorage;
let work: string;
let location: BucketLocation;
let client: S3Client;
let mirror: BucketMirror;
let server: FastifyInstance;

beforeAll(async () => {
  storage = await startObjectStorage();
}, scaled(300_000));
afterAll(async () => storage?.stop());

const CHUNK = `big.${'c'.repeat(10)}.js`;
const TEXT = `console.log(${JSON.stringify('kloof digital '.repeat(300))});\n`;

/** A build with a chunk big enough for .br and .gz copies. */
async function build(app: string, label: string): Promise<string> {
  const dir = await fakeBuild(work, app, label);
  await fs.writeFile(path.join(dir, CHUNK), `${TEXT}// ${label}\n`);
  if (app === 'host') await fs.appendFile(path.join(dir, 'index.html'), `<!-- ${'padding '.repeat(400)} -->`);
  return dir;
}

beforeEach(async () => {
  work = await tempDir();
  ({ location, client } = await freshBucket(storage));
  mirror = bucketMirror(location, path.join(work, 'mirror'), client);
  server = await buildStaticServer({ site: releasesSite(mirror.layout), runtimeConfig: defaultRuntimeConfig });
});

afterEach(async () => {
  await mirror.stop();
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers });
const liveMarketing = async () =>
  (JSON.parse((await get('/registry.json')).body) as { apps: { marketing?: { stable: { version: string } } } }).apps
    .marketing?.stable.version;

describe('the web server serves the releases of an S3 bucket', () => {
  it('sends the stored bytes in the stored encodings with ETag and 304, and a release once it is synced', async () => {
    const store = bucketStore(location, client);
    await release(store, 'host', await build('host', 'h1'));
    const first = (await release(store, 'marketing', await build('marketing', 'm1'))).to;
    expect(await mirror.sync()).toBe(true);

    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);

    const url = `/remotes/marketing/${first}/${CHUNK}`;
    const chunk = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(chunk.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    // The very bytes of the .br object the release tool stored in the bucket.
    const stored = await getObject(client, location.bucket, `${location.prefix}marketing/${first}/${CHUNK}.br`);
    expect(stored && stored !== 'unchanged' && chunk.rawPayload.equals(stored.body)).toBe(true);
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': String(chunk.headers.etag) })).statusCode).toBe(
      304,
    );
    expect((await get(url)).body).toBe(`${TEXT}// m1\n`);

    // A release reaches the server with the next sync; a sync with nothing new changes nothing.
    const second = (await release(store, 'marketing', await build('marketing', 'm2'), { canary: 50 })).to;
    expect(await liveMarketing()).toBe(first);
    await promote(store, 'marketing');
    expect(await mirror.sync()).toBe(true);
    expect(await liveMarketing()).toBe(second);
    expect(await mirror.sync()).toBe(false);
    await rollback(store, 'marketing');
    expect(await mirror.sync()).toBe(true);
    expect(await liveMarketing()).toBe(first);
  });

  it('keeps its copy in step by itself: a release is served without a restart', async () => {
    const store = bucketStore(location, client);
    await release(store, 'host', await build('host', 'h1'));
    await mirror.sync();
    const failures: unknown[] = [];
    mirror.start(50, (error) => failures.push(error));
    const next = (await release(store, 'marketing', await build('marketing', 'm1'))).to;
    const deadline = Date.now() + scaled(20_000);
    while ((await liveMarketing()) !== next) {
      if (Date.now() > deadline) throw new Error('the release never reached the server');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await get(`/remotes/marketing/${next}/remoteEntry.js`)).body).toBe('var marketing = "m1";');
    expect(failures).toEqual([]);
  });
});
