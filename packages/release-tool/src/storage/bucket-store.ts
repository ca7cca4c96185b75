import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, type PutObjectCommandInput, type S3Client } from '@aws-sdk/client-s3';
import { isRegistryDocument, isVersionName, REGISTRY_FORMAT } from '@kloof/release-registry';
import {
  bucketClient,
  bucketKeys,
  describeLocation,
  getObject,
  inParallel,
  listKeys,
  statusOf,
  type BucketLocation,
  type VersionIndex,
} from '@kloof/release-store/bucket';
import { assertStoredName, isStoredName, PAGE_LIST_FILE, SITE_FILE, storedPath } from '@kloof/release-store/folder';
import type { HistoryEntry } from '../releases/history';
import { registryText } from '../releases/registry';
import { listFiles } from '../releases/list-files';
import { objectHeaders, POINTER_HEADERS } from './object-headers';
import { PointerMovedError, type ReleaseStore } from './release-store';

/** Appending to history.jsonl after the pointer moved: tries before giving up (only committed changes compete). */
const HISTORY_TRIES = 20;

/** A precondition that did not hold (412), a conflicting write in flight (409), or the key gone (404 on If-Match). */
const lostRace = (error: unknown) => [412, 409, 404].includes(statusOf(error) ?? 0);

function parseHistory(text: string): HistoryEntry[] {
  const entries = text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as HistoryEntry);
  // Two changes append after their pointer writes, in either order: time is the order they went live.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.time.localeCompare(b.entry.time) || a.index - b.index)
    .map(({ entry }) => entry);
}

/**
 * Releases in an S3-compatible bucket (RELEASE_STORE=s3://bucket/prefix), through the AWS SDK v3
 * S3 client: AWS S3, R2, MinIO, SeaweedFS, Ceph. Each version's files are uploaded first, with
 * their headers, then its index object; registry.json is written last with If-Match on the ETag
 * the change read (If-None-Match: * for the first one), so of two racing changes exactly one
 * lands and the other is planned again from a fresh read. Reading a stored version copies it into
 * a local cache once (versions never change).
 */
export function bucketStore(location: BucketLocation, client: S3Client = bucketClient(location)): ReleaseStore {
  const keys = bucketKeys(location);
  const Bucket = location.bucket;
  const cacheRoot = path.join(
    os.tmpdir(),
    'kloof-release-cache',
    createHash('sha256')
      .update(`${location.endpoint ?? 'aws'}|${Bucket}|${location.prefix}`)
      .digest('hex')
      .slice(0, 16),
  );
  const ifMatch = (etag: string) => (location.ifMatchEtag === 'unquoted' ? etag.replaceAll('"', '') : etag);
  const put = (Key: string, Body: Buffer | string, extra: Partial<PutObjectCommandInput> = {}) =>
    client.send(new PutObjectCommand({ Bucket, Key, Body, ...extra }));
  const text = async (key: string) => {
    const found = await getObject(client, Bucket, key);
    return found && found !== 'unchanged' ? { text: found.body.toString('utf8'), etag: found.etag } : null;
  };
  const uploadFolder = (dir: string, files: readonly string[], keyOf: (file: string) => string) =>
    inParallel(files, async (file) => {
      await put(keyOf(file), await fs.readFile(path.join(dir, file)), objectHeaders(file));
    });
  const versionIndex = async (app: string, version: string): Promise<VersionIndex | null> => {
    const found = await text(keys.versionIndex(app, version));
    return found ? (JSON.parse(found.text) as VersionIndex) : null;
  };

  /** Appends with If-Match on history.jsonl's own ETag, from a fresh read each try. */
  const appendHistory = async (line: string) => {
    for (let attempt = 1; ; attempt += 1) {
      const current = await text(keys.history);
      const condition = current ? { IfMatch: ifMatch(current.etag) } : { IfNoneMatch: '*' };
      try {
        await put(keys.history, (current?.text ?? '') + line, {
          ContentType: 'application/x-ndjson; charset=utf-8',
          CacheControl: 'no-cache',
          ...condition,
        });
        return;
      } catch (error) {
        if (!lostRace(error) || attempt >= HISTORY_TRIES) throw error;
      }
    }
  };

  return {
    describe: () => describeLocation(location),
    exclusive: (work) => work(),
    async readPointer() {
      const found = await text(keys.registry);
      if (!found) return { registry: { format: REGISTRY_FORMAT, apps: {} }, tag: null };
      const parsed: unknown = JSON.parse(found.text);
      if (!isRegistryDocument(parsed)) {
        throw new Error(
          `${describeLocation(location)}registry.json is not a release registry (format ${REGISTRY_FORMAT}).`,
        );
      }
      return { registry: parsed, tag: found.etag };
    },
    async commit(registry, tag, line) {
      try {
        await put(keys.registry, registryText(registry), {
          ...POINTER_HEADERS,
          ...(tag === null ? { IfNoneMatch: '*' } : { IfMatch: ifMatch(tag) }),
        });
      } catch (error) {
        if (lostRace(error))
          throw new PointerMovedError(`registry.json changed since it was read (${statusOf(error)})`);
        throw error;
      }
      await appendHistory(line);
    },
    async readHistory() {
      const found = await text(keys.history);
      return found ? parseHistory(found.text) : [];
    },
    appendHistory,
    async versions(app) {
      const prefix = keys.versionIndexPrefix(app);
      return (await listKeys(client, Bucket, prefix))
        .map((key) => key.slice(prefix.length).replace(/\.json$/, ''))
        .filter(isVersionName)
        .sort();
    },
    async localVersion(app, version) {
      const dir = storedPath(cacheRoot, app, version);
      if (await fs.stat(dir).catch(() => null)) return dir;
      const index = await versionIndex(app, version);
      if (!index) return null;
      // Read copies need no .br/.gz; made beside and renamed, so a copy is whole or absent. Every
      // name in the index is checked before the first write.
      const partial = `${dir}.partial-${randomBytes(4).toString('hex')}`;
      const copies = index.files
        .filter((file) => !/\.(br|gz)$/.test(file))
        .map((file) => ({ file, local: storedPath(partial, file) }));
      await inParallel(copies, async ({ file, local }) => {
        const found = await getObject(client, Bucket, keys.versionFile(app, version, file));
        if (!found || found === 'unchanged') throw new Error(`${app} ${version}: ${file} is missing from the bucket`);
        await fs.mkdir(path.dirname(local), { recursive: true });
        await fs.writeFile(local, found.body);
      });
      await fs.mkdir(path.dirname(dir), { recursive: true });
      await fs.rename(partial, dir).catch(async (error: NodeJS.ErrnoException) => {
        await fs.rm(partial, { recursive: true, force: true });
        // Another process made the same copy meanwhile: theirs is as good.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
      return dir;
    },
    stagingDir: () => fs.mkdtemp(path.join(os.tmpdir(), 'kloof-release-')),
    async storeVersion(app, version, staged) {
      const files = (await listFiles(staged)).sort();
      await uploadFolder(staged, files, (file) => keys.versionFile(app, version, file));
      // Stored only now: a version whose upload broke off is never listed, so never goes live.
      const index: VersionIndex = { files };
      await put(keys.versionIndex(app, version), JSON.stringify(index), { ContentType: 'application/json' });
      // The staged copy is this version's read copy from now on (no download to read it back).
      const cached = storedPath(cacheRoot, app, version);
      await fs.mkdir(path.dirname(cached), { recursive: true });
      await fs.rename(staged, cached).catch(() => fs.rm(staged, { recursive: true, force: true }));
    },
    async deleteVersion(app, version) {
      const index = await versionIndex(app, version);
      const files = index?.files ?? [];
      // A name that is not a file of this version (`../registry.json`) deletes nothing at all.
      for (const file of files) assertStoredName(file, keys.versionFile(app, version, ''));
      // Unlisted first, so nothing plans with it while its files go.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keys.versionIndex(app, version) }));
      await inParallel(files, async (file) => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keys.versionFile(app, version, file) }));
      });
      await fs.rm(storedPath(cacheRoot, app, version), { recursive: true, force: true });
    },
    async pagesInfo(pair) {
      const list = await text(keys.pagesFile(pair, PAGE_LIST_FILE));
      if (!list) return null;
      const site = await text(keys.pagesFile(pair, SITE_FILE));
      const origin = site ? ((JSON.parse(site.text) as { origin?: string }).origin ?? null) : null;
      return { pages: (JSON.parse(list.text) as unknown[]).length, origin };
    },
    async storePages(pair, staged) {
      // The page list last: until it is there, the pair has no pages (readers go by it).
      const files = (await listFiles(staged)).filter((file) => file !== PAGE_LIST_FILE);
      await uploadFolder(staged, files, (file) => keys.pagesFile(pair, file));
      await uploadFolder(staged, [PAGE_LIST_FILE], (file) => keys.pagesFile(pair, file));
      await fs.rm(staged, { recursive: true, force: true });
    },
    async pagePairs() {
      const pairs = (await listKeys(client, Bucket, keys.pagesPrefix)).map(
        (key) => key.slice(keys.pagesPrefix.length).split('/')[0] ?? '',
      );
      return [...new Set(pairs)].filter(isStoredName);
    },
    async deletePages(pair) {
      const prefix = keys.pagesFile(pair, '');
      const list = keys.pagesFile(pair, PAGE_LIST_FILE);
      await client.send(new DeleteObjectCommand({ Bucket, Key: list }));
      const rest = (await listKeys(client, Bucket, prefix)).filter((key) => key !== list);
      await inParallel(rest, async (Key) => {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      });
    },
  };
}
