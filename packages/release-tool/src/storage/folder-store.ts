import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  isStoredName,
  PAGE_LIST_FILE,
  readPageList,
  readRegistryFile,
  SITE_FILE,
  storedPath,
  type ReleasesLayout,
} from '@kloof/release-store/folder';
import { appendHistoryLine, readHistory } from '../releases/history';
import { withReleasesLock } from '../releases/lock';
import { readJsonFile, writeRegistry } from '../releases/registry';
import { makeReadOnly, storedVersions } from '../releases/versions';
import { PointerMovedError, type ReleaseStore } from './release-store';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** registry.json's content hash, the folder's "ETag"; null when there is none. */
async function pointerTag(layout: ReleasesLayout): Promise<string | null> {
  const text = await fs.readFile(layout.registryFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return text === null ? null : hashOf(text);
}

/**
 * The releases folder (RELEASES_DIR, the default store): a change runs under a lock on the folder,
 * so concurrent ones run one after the other; each version is a read-only folder moved into place
 * whole, registry.json is replaced by a rename.
 */
export function folderStore(layout: ReleasesLayout): ReleaseStore {
  const pagesPath = (pair: string) => storedPath(path.join(layout.root, 'pages'), pair);
  return {
    describe: () => layout.root,
    exclusive: (work) => withReleasesLock(layout, work),
    async readPointer() {
      const [registry, tag] = await Promise.all([readRegistryFile(layout), pointerTag(layout)]);
      return { registry, tag };
    },
    async commit(registry, tag, line) {
      // Under the lock nobody else writes; a hand edit since the read is still not overwritten.
      if ((await pointerTag(layout)) !== tag) throw new PointerMovedError(`${layout.registryFile} changed`);
      await writeRegistry(layout, registry);
      await appendHistoryLine(layout, line);
    },
    readHistory: () => readHistory(layout),
    appendHistory: (line) => appendHistoryLine(layout, line),
    versions: (app) => storedVersions(layout.appDir(app)),
    async localVersion(app, version) {
      const dir = layout.versionDir(app, version);
      return (await fs.stat(dir).catch(() => null))?.isDirectory() ? dir : null;
    },
    async stagingDir() {
      // Inside the folder (a rename moves it in); a dot name is never served nor listed as a version.
      const dir = path.join(layout.root, `.incoming-${randomBytes(6).toString('hex')}`);
      await fs.mkdir(dir, { recursive: true });
      return dir;
    },
    async storeVersion(app, version, staged) {
      await makeReadOnly(staged);
      await fs.mkdir(layout.appDir(app), { recursive: true });
      await fs.rename(staged, layout.versionDir(app, version));
    },
    deleteVersion: (app, version) => fs.rm(layout.versionDir(app, version), { recursive: true, force: true }),
    async pagesInfo(pair) {
      const dir = pagesPath(pair);
      const list = readPageList(dir);
      if (!list) return null;
      const site = await readJsonFile<{ origin?: string }>(path.join(dir, SITE_FILE)).catch(() => undefined);
      return { pages: list.length, origin: site?.origin ?? null };
    },
    async storePages(pair, staged) {
      const dir = pagesPath(pair);
      await fs.mkdir(path.dirname(dir), { recursive: true });
      // Pages of another origin make way: moved aside first, so the folder is swapped whole.
      const existing = await fs.stat(dir).catch(() => null);
      const replaced = existing ? `${dir}.replaced-${randomBytes(6).toString('hex')}` : null;
      if (replaced) await fs.rename(dir, replaced);
      await fs.rename(staged, dir);
      if (replaced) await fs.rm(replaced, { recursive: true, force: true });
    },
    async pagePairs() {
      const entries = await fs.readdir(path.join(layout.root, 'pages'), { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isDirectory() && isStoredName(entry.name)).map((entry) => entry.name);
    },
    async deletePages(pair) {
      const dir = pagesPath(pair);
      await fs.rm(path.join(dir, PAGE_LIST_FILE), { force: true });
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
