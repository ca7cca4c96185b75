import fs from 'node:fs/promises';
import path from 'node:path';
import { dumpDatabase } from '@kloof/api-server/backup';
import { withReleasesLock } from '@kloof/release-tool/lock';
import { describeFile, filesUnder, FORMAT, MANIFEST_FILE, RELEASES_PART, type Manifest } from './manifest';
import { isTransient, type SiteState } from './site-state';

/** A backup that was not taken; nothing was written outside its (new) folder. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const databaseFile = (kind: 'pglite' | 'postgres') => (kind === 'pglite' ? 'database.pglite.tar' : 'database.pgdump');

/**
 * Copies the database and the releases folder into `dir` (new or empty), both while the releases
 * folder is locked, so no release lands between the two copies; the manifest is written last.
 */
export async function backUp(site: SiteState, dir: string, now = new Date()): Promise<Manifest> {
  const existing = await fs.readdir(dir).catch(() => null);
  if (existing?.length) throw new BackupError(`${dir} is not empty: back up into a new folder`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // The data folder's secrets are in the copy: only this user may read it.
  await fs.chmod(dir, 0o700);
  const manifest = await withReleasesLock(site.releases, async () => {
    const kind = site.database.databaseUrl ? 'postgres' : 'pglite';
    await dumpDatabase(site.database, path.join(dir, databaseFile(kind)), site.pgBin);
    await fs.cp(site.releases.root, path.join(dir, RELEASES_PART), {
      recursive: true,
      filter: (source) => !isTransient(path.basename(source)) || source === site.releases.root,
    });
    const files = await Promise.all((await filesUnder(dir, RELEASES_PART)).map((file) => describeFile(dir, file)));
    return {
      format: FORMAT,
      createdAt: now.toISOString(),
      database: { kind, ...(await describeFile(dir, databaseFile(kind))) },
      releases: { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) },
    } satisfies Manifest;
  });
  await fs.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
