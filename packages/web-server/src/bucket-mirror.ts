import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isVersionName } from '@kloof/release-registry';
import {
  bucketClient,
  bucketKeys,
  getObject,
  inParallel,
  listKeys,
  type BucketLocation,
  type S3Client,
  type VersionIndex,
} from '@kloof/release-store/bucket';
import { PAGE_LIST_FILE, releasesLayout, storedPath, type ReleasesLayout } from '@kloof/release-store/folder';

/** Beside a mirrored pages folder: the ETag of the page list it was copied from. */
const SOURCE_ETAG = '.source-etag';

async function exists(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => null)) !== null;
}

export interface BucketMirror {
  /** The local copy, laid out as a releases folder: what the server reads. */
  layout: ReleasesLayout;
  /** Brings the copy up to date; true when registry.json changed. */
  sync(): Promise<boolean>;
  /** Syncs every `intervalMs` until stopped; a failed sync is reported and tried again. */
  start(intervalMs: number, onError: (error: unknown) => void): void;
  stop(): Promise<void>;
}

/**
 * The web server's local copy of the releases in a bucket (RELEASE_STORE=s3://…): the bytes as
 * stored, .br and .gz copies included, so everything the server does with a releases folder
 * (ETag/304, the stored encodings, one stat per turn) holds for a bucket too. A sync asks for
 * registry.json with If-None-Match (one request while nothing changed); when it changed, every
 * stored version not copied yet is copied once (versions never change), pages whose list changed
 * are copied anew, and registry.json is written last, so the server never points at a file it lacks.
 */
export function bucketMirror(
  location: BucketLocation,
  dir: string,
  client: S3Client = bucketClient(location),
): BucketMirror {
  const keys = bucketKeys(location);
  const Bucket = location.bucket;
  const layout = releasesLayout(dir);
  let registryEtag: string | undefined;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  /**
   * One folder copied beside its place and renamed into it: whole or absent. Every file name is
   * checked before the first write: one that would leave the folder refuses the whole copy.
   */
  const copyFolder = async (target: string, files: readonly { key: string; file: string }[]) => {
    const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
    const copies = files.map(({ key, file }) => ({ key, local: storedPath(partial, file) }));
    await inParallel(copies, async ({ key, local }) => {
      const found = await getObject(client, Bucket, key);
      if (!found || found === 'unchanged') throw new Error(`${key} is listed but missing from the bucket`);
      await fs.mkdir(path.dirname(local), { recursive: true });
      await fs.writeFile(local, found.body);
    });
    await fs.mkdir(partial, { recursive: true });
    return partial;
  };

  const syncVersions = async () => {
    const indexPrefix = `${location.prefix}.versions/`;
    const stored = (await listKeys(client, Bucket, indexPrefix))
      .map((key) =>
        key
          .slice(indexPrefix.length)
          .replace(/\.json$/, '')
          .split('/'),
      )
      .filter((parts): parts is [string, string] => parts.length === 2 && isVersionName(parts[1]!));
    for (const [app, version] of stored) {
      const target = layout.versionDir(app, version);
      if (await exists(target)) continue;
      const index = await getObject(client, Bucket, keys.versionIndex(app, version));
      if (!index || index === 'unchanged') continue; // pruned meanwhile
      const { files } = JSON.parse(index.body.toString('utf8')) as VersionIndex;
      const partial = await copyFolder(
        target,
        files.map((file) => ({ key: keys.versionFile(app, version, file), file })),
      );
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(partial, target);
    }
    // Versions pruned from the bucket go here too (no pointer names them any more).
    const wanted = new Set(stored.map(([app, version]) => `${app}/${version}`));
    for (const app of new Set(stored.map(([app]) => app))) {
      const local = await fs.readdir(layout.appDir(app)).catch(() => [] as string[]);
      for (const version of local.filter(isVersionName)) {
        if (!wanted.has(`${app}/${version}`))
          await fs.rm(layout.versionDir(app, version), { recursive: true, force: true });
      }
    }
  };

  const syncPages = async () => {
    const pageKeys = await listKeys(client, Bucket, keys.pagesPrefix);
    const byPair = new Map<string, string[]>();
    for (const key of pageKeys) {
      const [pair, ...rest] = key.slice(keys.pagesPrefix.length).split('/');
      if (!pair || !rest.length) continue;
      byPair.set(pair, [...(byPair.get(pair) ?? []), rest.join('/')]);
    }
    for (const [pair, files] of byPair) {
      const list = await getObject(client, Bucket, keys.pagesFile(pair, PAGE_LIST_FILE));
      if (!list || list === 'unchanged') continue; // still being stored: its list comes last
      const target = storedPath(path.join(layout.root, 'pages'), pair);
      const copied = await fs.readFile(path.join(target, SOURCE_ETAG), 'utf8').catch(() => null);
      if (copied === list.etag) continue;
      const partial = await copyFolder(
        target,
        files.map((file) => ({ key: keys.pagesFile(pair, file), file })),
      );
      await fs.writeFile(path.join(partial, SOURCE_ETAG), list.etag);
      const replaced = (await exists(target)) ? `${target}.replaced-${randomBytes(4).toString('hex')}` : null;
      if (replaced) await fs.rename(target, replaced);
      await fs.rename(partial, target);
      if (replaced) await fs.rm(replaced, { recursive: true, force: true });
    }
  };

  const sync = async (): Promise<boolean> => {
    const pointer = await getObject(client, Bucket, keys.registry, registryEtag);
    if (pointer === 'unchanged') return false;
    await fs.mkdir(layout.root, { recursive: true });
    await syncVersions();
    await syncPages();
    if (pointer) {
      const temporary = `${layout.registryFile}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(temporary, pointer.body);
      await fs.rename(temporary, layout.registryFile);
    } else {
      await fs.rm(layout.registryFile, { force: true });
    }
    registryEtag = pointer?.etag;
    return true;
  };

  return {
    layout,
    sync: () => (running = running.then(sync, sync)) as Promise<boolean>,
    start(intervalMs, onError) {
      const tick = () => {
        running = running
          .then(sync, sync)
          .catch(onError)
          .finally(() => {
            if (timer) timer = setTimeout(tick, intervalMs);
          });
      };
      timer = setTimeout(tick, intervalMs);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running.catch(() => undefined);
    },
  };
}
