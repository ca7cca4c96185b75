import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { scaled } from '@kloof/test-kit/slowdown';
import { getObject, statusOf, type BucketLocation } from '@kloof/release-store/bucket';
import { StoredNameError } from '@kloof/release-store/folder';
import { fakeBuild, tempDir } from '../../testing/build-fixtures';
import { releaseCli, releaseProcess } from '../../testing/cli-runner';
import { startObjectStorage, type TestObjectStorage } from '../../testing/object-storage-server';
import { bucketEnv, freshBucket } from '../../testing/test-bucket';
import { MAX_ATTEMPTS } from '../releases/change';
import { prune } from '../releases/prune';
import { promote, release, rollback } from '../releases/store';
import { bucketStore } from './bucket-store';
import type { ReleaseStore } from './release-store';

let storage: TestObjectStorage;
let work: string;
let location: BucketLocation;
let client: S3Client;
let store: ReleaseStore;

beforeAll(async () => {
  storage = await startObjectStorage();
}, scaled(300_000));
afterAll(async () => storage?.stop());

beforeEach(async () => {
  work = await tempDir();
  ({ location, client } = await freshBucket(storage));
  store = bucketStore(location, client);
});

const at = (second: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, second));
const key = (rest: string) => `${location.prefix}${rest}`;

async function head(rest: string) {
  return client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: key(rest) }));
}

async function text(rest: string): Promise<string> {
  const answer = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: key(rest) }));
  return answer.Body!.transformToString();
}

async function keysUnder(rest: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: location.bucket, Prefix: key(rest) }));
  return (listed.Contents ?? []).map((object) => object.Key!.slice(key(rest).length)).sort();
}

const registry = async () =>
  JSON.parse(await text('registry.json')) as {
    apps: Record<
      string,
      { stable: { version: string } | null; canary: { version: string; share: number } | null; previous: string | null }
    >;
  };
const history = async () =>
  (await text('history.jsonl'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { app: string; action: string; from: string | null; to: string });

/** A remote build with a chunk big enough to get .br and .gz copies. */
async function remoteBuild(app: string, label: string): Promise<string> {
  const dir = await fakeBuild(work, app, label);
  const big = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `${label} word ${i}`))};`;
  await fs.writeFile(path.join(dir, `big.${'b'.repeat(10)}.js`), big);
  return dir;
}

describe('releasing into an S3 bucket', () => {
  it('uploads the version with its headers and precompressed copies, then registry.json and its history line', async () => {
    const result = await release(store, 'marketing', await remoteBuild('marketing', 'one'), { now: at(1) });
    const version = result.to;

    const files = await keysUnder(`marketing/${version}/`);
    expect(files).toEqual(
      expect.arrayContaining([
        'mf-manifest.json',
        'remoteEntry.js',
        `big.${'b'.repeat(10)}.js`,
        `big.${'b'.repeat(10)}.js.br`,
        `big.${'b'.repeat(10)}.js.gz`,
      ]),
    );
    const hashed = await head(`marketing/${version}/big.${'b'.repeat(10)}.js`);
    expect(hashed).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(hashed.ContentEncoding).toBeUndefined();
    expect(await head(`marketing/${version}/big.${'b'.repeat(10)}.js.br`)).toMatchObject({
      ContentType: 'text/javascript; charset=utf-8',
      ContentEncoding: 'br',
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(await head(`marketing/${version}/big.${'b'.repeat(10)}.js.gz`)).toMatchObject({ ContentEncoding: 'gzip' });
    expect(await head(`marketing/${version}/remoteEntry.js`)).toMatchObject({ CacheControl: 'no-cache' });
    expect(await head(`marketing/${version}/mf-manifest.json`)).toMatchObject({
      ContentType: 'application/json; charset=utf-8',
      CacheControl: 'no-cache',
    });

    // The version is listed only through its index object, written after its files.
    expect(JSON.parse(await text(`.versions/marketing/${version}.json`)).files).toEqual(files);
    expect(await store.versions('marketing')).toEqual([version]);

    expect(await head('registry.json')).toMatchObject({
      CacheControl: 'no-cache',
      ContentType: 'application/json; charset=utf-8',
    });
    expect((await registry()).apps.marketing?.stable?.version).toBe(version);
    expect(await history()).toMatchObject([{ app: 'marketing', action: 'release', from: null, to: version }]);
  });

  it('runs a canary, promotes it, rolls back by the history and prunes what nothing needs', async () => {
    const a = (await release(store, 'marketing', await remoteBuild('marketing', 'a'), { now: at(1) })).to;
    const b = (await release(store, 'marketing', await remoteBuild('marketing', 'b'), { now: at(2), canary: 25 })).to;
    expect((await registry()).apps.marketing).toMatchObject({
      stable: { version: a },
      canary: { version: b, share: 25 },
    });

    await promote(store, 'marketing');
    expect((await registry()).apps.marketing).toMatchObject({ stable: { version: b }, canary: null, previous: a });

    const c = (await release(store, 'marketing', await remoteBuild('marketing', 'c'), { now: at(3) })).to;
    const back = await rollback(store, 'marketing');
    expect(back).toMatchObject({ action: 'rollback', from: c, to: b });
    expect((await registry()).apps.marketing?.stable?.version).toBe(b);
    const named = await rollback(store, 'marketing', a);
    expect(named).toMatchObject({ from: b, to: a });

    // Live a minute later than 24 hours after everything: only the rules keep versions.
    const [result] = await prune(store, 0, { app: 'marketing', now: new Date(Date.now() + 25 * 3600_000) });
    expect(result!.deleted).toEqual([c]);
    expect(result!.why[a]).toContain('stable');
    expect(result!.why[b]).toEqual(expect.arrayContaining(['previous']));
    expect(await keysUnder(`marketing/${c}/`)).toEqual([]);
    expect(await keysUnder(`.versions/marketing/`)).toEqual([`${a}.json`, `${b}.json`]);
    expect(await store.versions('marketing')).toEqual([a, b]);
    expect((await history()).map((entry) => entry.action)).toEqual([
      'release',
      'canary',
      'promote',
      'release',
      'rollback',
      'rollback',
      'prune',
    ]);
  });

  it('writes the pointer only if it is the one read: If-None-Match: * first, then If-Match on its ETag', async () => {
    const empty = await store.readPointer();
    expect(empty.tag).toBeNull();
    const line = (to: string) =>
      `${JSON.stringify({ time: new Date().toISOString(), app: 'auth', action: 'release', from: null, to, who: 'test' })}\n`;
    const one = { format: 2 as const, apps: { auth: { origin: '', stable: null, canary: null, previous: 'one' } } };
    const two = { format: 2 as const, apps: { auth: { origin: '', stable: null, canary: null, previous: 'two' } } };

    // Two first writers: exactly one lands.
    const firsts = await Promise.allSettled([
      store.commit(one, null, line('one')),
      store.commit(two, null, line('two')),
    ]);
    expect(firsts.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(firsts.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.name)).toEqual([
      'PointerMovedError',
    ]);
    const read = await store.readPointer();
    const winner = read.registry.apps.auth!.previous;

    // Two writers from the same read, each with a pointer unlike the one read (the same bytes would
    // keep its ETag): exactly one lands; the stale ETag is refused afterwards too.
    const three = { format: 2 as const, apps: { auth: { origin: '', stable: null, canary: null, previous: 'three' } } };
    const four = { format: 2 as const, apps: { auth: { origin: '', stable: null, canary: null, previous: 'four' } } };
    const seconds = await Promise.allSettled([
      store.commit(three, read.tag, line('three')),
      store.commit(four, read.tag, line('four')),
    ]);
    expect(seconds.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expect(store.commit(one, read.tag, line('late'))).rejects.toMatchObject({ name: 'PointerMovedError' });
    const second = (await store.readPointer()).registry.apps.auth!.previous;
    // Every landed write has its line; none of the refused ones does.
    expect((await history()).map((entry) => entry.to)).toEqual([winner, second]);
  });

  it('lands both of two releases racing from the same read: the loser is planned again, nothing is lost', async () => {
    // Both changes read registry.json before either writes it (a barrier around the real store).
    let reads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    const racing: ReleaseStore = {
      ...store,
      async readPointer() {
        const read = await store.readPointer();
        reads += 1;
        if (reads === 2) bothRead();
        if (reads <= 2) await barrier;
        return read;
      },
    };
    const [marketing, auth] = await Promise.all([
      release(racing, 'marketing', await remoteBuild('marketing', 'm'), { now: at(1) }),
      release(racing, 'auth', await remoteBuild('auth', 'x'), { now: at(2) }),
    ]);
    expect(reads).toBe(3); // one lost the conditional write and read again
    const apps = (await registry()).apps;
    expect(apps.marketing?.stable?.version).toBe(marketing.to);
    expect(apps.auth?.stable?.version).toBe(auth.to);
    expect((await history()).map((entry) => entry.app).sort()).toEqual(['auth', 'marketing']);
  });

  it('gives up with one line when registry.json keeps changing under the release, and nothing goes live', async () => {
    // Another writer changes registry.json (for real, in the bucket) after every read of this release.
    const meddling: ReleaseStore = {
      ...store,
      async readPointer() {
        const read = await store.readPointer();
        const body = JSON.stringify({ ...read.registry, meddled: Math.random() });
        await client.send(new PutObjectCommand({ Bucket: location.bucket, Key: key('registry.json'), Body: body }));
        return read;
      },
    };
    await expect(release(meddling, 'admin', await remoteBuild('admin', 'z'), { now: at(1) })).rejects.toThrow(
      new RegExp(
        `changed by other releases ${MAX_ATTEMPTS} times while this release of admin was planned; nothing went live`,
      ),
    );
    expect((await registry()).apps.admin).toBeUndefined();
    expect(await getObject(client, location.bucket, key('history.jsonl'))).toBeNull();
  });

  it(
    'is what the command line uses with RELEASE_STORE=s3://…, S3_ENDPOINT and the AWS credentials',
    async () => {
      const options = { releasesDir: () => '', cwd: () => work, user: 'ops', env: bucketEnv(storage, location) };
      const cli = releaseCli(options);
      // In a process of its own: the AWS SDK reads nothing else, and prints nothing (no Node version notice).
      const first = await releaseProcess(options)('release', 'auth', '--from', await remoteBuild('auth', 'one'));
      expect(first).toMatchObject({ code: 0, stderr: '' });
      const second = await cli('release', 'auth', '--from', await remoteBuild('auth', 'two'));
      const back = await cli('rollback', 'auth');
      expect(back.stdout).toMatch(/auth: rolled back \S+ -> \S+/);
      const shown = await cli('status');
      expect(shown.stdout).toContain(`Releases in s3://${location.bucket}/${location.prefix} at ${storage.endpoint}`);
      expect(second.code).toBe(0);
      const wrong = await cli('status', '--api', 'http://127.0.0.1:47');
      expect(wrong.code).toBe(0);
      const refused = await releaseCli({
        releasesDir: () => '',
        cwd: () => work,
        user: 'ops',
        env: { ...bucketEnv(storage, location), RELEASE_STORE: 's3://No_Such/x' },
      })('status');
      expect(refused).toMatchObject({ code: 1, stdout: '' });
      expect(refused.stderr.trim().split('\n')).toEqual([
        'error: RELEASE_STORE must be s3://<bucket>/<prefix> with a valid bucket name (got "s3://No_Such/x").',
      ]);
    },
    scaled(120_000),
  );

  it('answers 412 where ETags do not match (what the server itself does with the headers)', async () => {
    const Bucket = location.bucket;
    const first = await client.send(new PutObjectCommand({ Bucket, Key: 'probe', Body: 'a', IfNoneMatch: '*' }));
    const refused = await client
      .send(new PutObjectCommand({ Bucket, Key: 'probe', Body: 'b', IfNoneMatch: '*' }))
      .catch((error: unknown) => statusOf(error));
    expect(refused).toBe(412);
    const bare = first.ETag!.replaceAll('"', '');
    await client.send(new PutObjectCommand({ Bucket, Key: 'probe', Body: 'c', IfMatch: bare }));
    const stale = await client
      .send(new PutObjectCommand({ Bucket, Key: 'probe', Body: 'd', IfMatch: bare }))
      .catch((error: unknown) => statusOf(error));
    expect(stale).toBe(412);
  });
});

describe('names read from the bucket are data, never paths', () => {
  it('refuses a version index that lists a file outside the version, and writes nothing', async () => {
    // A version the store never copied: reading it copies what its index lists.
    const version = '20261122-032757-123-3f2a9c81d0';
    const escaped = `kloof-escaped-${randomBytes(6).toString('hex')}`;
    const files = ['remoteEntry.js', `../../../../${escaped}`];
    for (const [rest, body] of [
      [`marketing/${version}/remoteEntry.js`, 'export {}'],
      [`.versions/marketing/${version}.json`, JSON.stringify({ files })],
    ] as const) {
      await client.send(new PutObjectCommand({ Bucket: location.bucket, Key: key(rest), Body: body }));
    }
    await expect(store.localVersion('marketing', version)).rejects.toThrow(
      `Refused the stored name ${JSON.stringify(files[1])} (an empty or dot segment)`,
    );
    await expect(fs.stat(path.join(os.tmpdir(), escaped))).rejects.toThrow('ENOENT');
  });

  it('refuses to prune a version whose index names another key (registry.json), and deletes nothing', async () => {
    await release(store, 'marketing', await remoteBuild('marketing', 'm1'));
    const version = (await registry()).apps.marketing!.stable!.version;
    await client.send(
      new PutObjectCommand({
        Bucket: location.bucket,
        Key: key(`.versions/marketing/${version}.json`),
        Body: JSON.stringify({ files: ['remoteEntry.js', '../../registry.json'] }),
      }),
    );
    await expect(store.deleteVersion('marketing', version)).rejects.toThrow(StoredNameError);
    expect((await registry()).apps.marketing!.stable!.version).toBe(version);
    expect(await keysUnder('.versions/marketing/')).toEqual([`${version}.json`]);
    expect(await keysUnder(`marketing/${version}/`)).toContain('remoteEntry.js');
  });
});
