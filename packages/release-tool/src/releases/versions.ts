import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isVersionName } from '@kloof/release-registry';
import { listFiles } from './list-files';

/** A moment as version names and set ids start: 20261122-032757-123 (UTC; sorts as text). */
export function timeStamp(time: Date): string {
  const iso = time.toISOString(); // 2026-11-22T03:27:57.123Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}`;
}

export function versionName(time: Date, contentHash: string): string {
  return `${timeStamp(time)}-${contentHash.slice(0, 10)}`;
}

/**
 * Build statistics for tools, never read at run time, which the bundler writes in a different
 * module order on every build of the same source: left out of a build's identity, so an unchanged
 * app is never released again under a new version (visitors would fetch every chunk anew).
 */
const NOT_PART_OF_IDENTITY = new Set(['mf-stats.json']);

/** Hash of every file's path and bytes that the site serves: the same build always gets the same hash. */
export async function contentHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await listFiles(dir)).filter((f) => !NOT_PART_OF_IDENTITY.has(f)).sort()) {
    hash.update(`${file}\0`);
    hash.update(await fs.readFile(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** Version names stored for an app, oldest first. */
export async function storedVersions(appDir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(appDir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory() && isVersionName(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every file below a folder, read-only: a stored release is never edited in place. */
export async function makeReadOnly(dir: string): Promise<void> {
  for (const file of await listFiles(dir)) await fs.chmod(path.join(dir, file), 0o444);
}
