import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseKind } from '@kloof/api-server/backup';

export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'kloof-backup/1';
/** The folder in a backup that holds the releases folder's files. */
export const RELEASES_PART = 'releases';

/** One file of a backup: its path inside the backup folder, its size and SHA-256. */
export interface PartFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** What a backup holds, written last: a folder without it is a backup that did not finish. */
export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  database: PartFile & { kind: DatabaseKind };
  releases: { files: PartFile[]; bytes: number };
}

/** A backup that cannot be restored as it is; the message is one line naming what is wrong. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function describeFile(root: string, relative: string): Promise<PartFile> {
  const file = path.join(root, relative);
  return { path: relative, bytes: (await fs.stat(file)).size, sha256: await sha256Of(file) };
}

/** Every file under `dir`, as paths relative to `root` with '/' separators, sorted. */
export async function filesUnder(root: string, dir: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupRefused(`${MANIFEST_FILE} is not JSON: the backup is damaged`);
  }
  if (manifest?.format !== FORMAT || !manifest.database?.path || !Array.isArray(manifest.releases?.files)) {
    throw new BackupRefused(`${MANIFEST_FILE} is not a ${FORMAT} manifest`);
  }
  return manifest;
}

/**
 * The backup's manifest, once every file it lists is there with its size and SHA-256 and the
 * releases part holds no file it does not list; else a refusal naming the first fault.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT')
      throw new BackupRefused(`no ${MANIFEST_FILE} in ${dir}: not a backup, or one that did not finish`);
    throw error;
  });
  const manifest = parseManifest(text);
  for (const part of [manifest.database, ...manifest.releases.files]) {
    const file = path.join(dir, part.path);
    if (path.relative(dir, file).startsWith('..')) throw new BackupRefused(`${part.path} points outside the backup`);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new BackupRefused(`${part.path} is missing: the backup is incomplete`);
    if (stat.size !== part.bytes || (await sha256Of(file)) !== part.sha256) {
      throw new BackupRefused(
        `${part.path} does not match its SHA-256 in ${MANIFEST_FILE}: the backup was changed or damaged`,
      );
    }
  }
  const listed = new Set(manifest.releases.files.map((part) => part.path));
  const extra = (await filesUnder(dir, RELEASES_PART).catch(() => [])).find((file) => !listed.has(file));
  if (extra) throw new BackupRefused(`${extra} is not in ${MANIFEST_FILE}: the backup was changed`);
  return manifest;
}
