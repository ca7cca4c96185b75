import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scaled } from '@kloof/test-kit/slowdown';
import { bucketKeys, listKeys } from '@kloof/release-store/bucket';
import { StoredNameError } from '@kloof/release-store/folder';
import { bucketStore } from '@kloof/release-tool/bucket';
import { release } from '@kloof/release-tool/store';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import {
  freshBucket,
  putRawObject,
  startObjectStorage,
  type TestObjectStorage,
} from '@kloof/release-tool/testing/bucket';
import { bucketMirror } from './bucket-mirror';

let storage: TestObjectStorage;
beforeAll(async () => {
  storage = await startObjectStorage();
}, scaled(300_000));
afterAll(async () => storage?.stop());

const VERSION = '20261122-032757-123-3f2a9c81d0';

/**
 * A fresh bucket, a folder of the test's own, and a mirror two folders down in it (so `../..` from
 * the mirror still lands in that folder); `writtenOutside` lists the files a sync wrote where it must not.
 */
async function setUp() {
  const work = await tempDir();
  const { location, client } = await freshBucket(storage);
  const dir = path.join(work, 'a', 'b', 'mirror');
  const put = (key: string, body: string) => putRawObject(client, location.bucket, key, body);
  const writtenOutside = async () => {
    const entries = await fs.readdir(work, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => !entry.isDirectory())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !file.startsWith(dir + path.sep));
  };
  return { location, client, dir, put, writtenOutside, mirror: bucketMirror(location, dir, client) };
}

describe('the bucket mirror treats every name in the bucket as data', () => {
  it.each([['../../../../x'], ['/tmp/kloof-escaped-x'], ['%2e%2e/%2e%2e/x'], ['..\\..\\x'], ['x\0.js']])(
    'a version index listing %j: the sync is refused and nothing is written',
    async (name) => {
      const { location, put, dir, mirror, writtenOutside } = await setUp();
      const keys = bucketKeys(location);
      await put(keys.versionFile('marketing', VERSION, 'index.html'), '<!doctype html>');
      await put(keys.versionIndex('marketing', VERSION), JSON.stringify({ files: ['index.html', name] }));
      await expect(mirror.sync()).rejects.toThrow(StoredNameError);
      await expect(mirror.sync()).rejects.toThrow(`Refused the stored name ${JSON.stringify(name)}`);
      expect(await writtenOutside()).toEqual([]);
      // Not even the harmless file of that version: its copy is whole or absent.
      expect(await fs.readdir(dir).catch(() => [])).not.toContain('marketing');
    },
  );

  it.each([
    ['a page file', 'pages/host-a+marketing-b/../../../../x'],
    ['a pages folder', 'pages/../x'],
    ['a version folder', '.versions/../x.json'],
  ])('%s named %j: the sync is refused and nothing is written', async (_what, tail) => {
    const { location, client, put, mirror, writtenOutside } = await setUp();
    const key = `${location.prefix}${tail}`;
    await put(key, 'written by an attacker');
    // A page list beside it, so the mirror would copy that pair.
    const pair = tail.split('/')[1] ?? '';
    await put(`${location.prefix}pages/${pair}/pages.json`, '[]');
    const listed = await listKeys(client, location.bucket, location.prefix);
    // The store keeps the key as sent (no dot segments resolved on the way), or the case proves nothing.
    expect(listed).toContain(key);
    await expect(mirror.sync()).rejects.toThrow(StoredNameError);
    expect(await writtenOutside()).toEqual([]);
  });

  it('still copies a bucket whose names are all plain', async () => {
    const { location, client, dir, mirror, writtenOutside } = await setUp();
    await release(bucketStore(location, client), 'host', await fakeBuild(await tempDir(), 'host', 'h1'));
    expect(await mirror.sync()).toBe(true);
    expect(await writtenOutside()).toEqual([]);
    expect(await fs.readdir(path.join(dir, 'host'))).toHaveLength(1);
  });
});
