import fs from 'node:fs/promises';
import path from 'node:path';
import { databaseKind, DatabaseCopyError, restoreDatabase } from '@kloof/api-server/backup';
import { withReleasesLock } from '@kloof/release-tool/lock';
import { BackupRefused, RELEASES_PART, verifyBackup, type Manifest } from './manifest';
import { isTransient, type SiteState } from './site-state';

export interface Restored {
  manifest: Manifest;
  /** What the restore replaced, kept beside it (PGlite's data folder, the releases folder). */
  keptAside: string[];
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Moves every entry of `from` but the transient ones (the lock) into `to`. */
async function moveContents(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const name of await fs.readdir(from)) {
    if (!isTransient(name)) await fs.rename(path.join(from, name), path.join(to, name));
  }
}

/**
 * Puts the site back as the backup in `dir` holds it. Nothing changes until the whole backup is
 * verified against its manifest and the releases are staged beside their folder; the database goes
 * first (refused while the API runs), then the releases folder is swapped under its lock. What was
 * replaced is kept aside, named in the result.
 */
export async function restore(site: SiteState, dir: string): Promise<Restored> {
  const manifest = await verifyBackup(dir);
  if (manifest.database.kind !== databaseKind(site.database)) {
    throw new BackupRefused(
      `the backup holds a ${manifest.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} database and this site uses the other kind (DATABASE_URL ${site.database.databaseUrl ? 'set' : 'unset'})`,
    );
  }
  const when = stamp();
  const staged = `${site.releases.root}.restoring-${when}`;
  await fs.cp(path.join(dir, RELEASES_PART), staged, { recursive: true });
  try {
    const { keptAside } = await restoreDatabase(
      site.database,
      manifest.database.kind,
      path.join(dir, manifest.database.path),
      site.pgBin,
    ).catch((error: unknown) => {
      if (error instanceof DatabaseCopyError) throw new BackupRefused(error.message);
      throw error;
    });
    const releasesAside = `${site.releases.root}.before-restore-${when}`;
    await withReleasesLock(site.releases, async () => {
      await moveContents(site.releases.root, releasesAside);
      await moveContents(staged, site.releases.root);
    });
    return { manifest, keptAside: [...(keptAside ? [keptAside] : []), releasesAside] };
  } finally {
    await fs.rm(staged, { recursive: true, force: true });
  }
}
