import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RegistryIntegrity } from '@kloof/release-registry';

/**
 * Whether a stored version's files are here as its release pinned them: the server's own evidence
 * for or against a browser that says the version failed to load. A telemetry token names the
 * versions found broken, and the API counts load failures of those only.
 */

/** How long a verdict is kept for a folder that cannot be watched. */
export const INTACT_VERDICT_MS = 30_000;
/** A verdict (and its watcher) not asked for this long is dropped: its version is no longer live. */
const UNUSED_MS = 10 * 60_000;

const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The precompressed copies sent in its place, each read back to the bytes it stands for. */
const COPIES: [string, (bytes: Buffer) => Buffer][] = [
  ['.br', brotliDecompressSync],
  ['.gz', gunzipSync],
];

/** A file (and every precompressed copy of it) holds the pinned bytes. */
async function holdsPinned(file: string, pinned: string): Promise<boolean> {
  const bytes = await fs.readFile(file).catch(() => null);
  if (!bytes || sri(bytes) !== pinned) return false;
  for (const [suffix, decode] of COPIES) {
    const copy = await fs.readFile(`${file}${suffix}`).catch(() => null);
    if (!copy) continue;
    try {
      if (sri(decode(copy)) !== pinned) return false;
    } catch {
      return false; // a copy that does not decompress is a broken file too
    }
  }
  return true;
}

/** A path the manifest lists, kept inside the version's folder. */
function inside(dir: string, file: string): string | null {
  const full = path.resolve(dir, file);
  return full.startsWith(`${path.resolve(dir)}${path.sep}`) ? full : null;
}

/**
 * Every file the version pins is in `dir` with its pinned bytes: the manifest and the remote entry
 * by the registry's hashes, every file the manifest's `integrity` lists by its own.
 */
export async function versionIntact(dir: string, integrity: RegistryIntegrity): Promise<boolean> {
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!(await holdsPinned(manifestFile, integrity.manifest))) return false;
  const entryPath = integrity.remoteEntryPath ?? 'remoteEntry.js';
  if (integrity.remoteEntry) {
    const entry = inside(dir, entryPath);
    if (!entry || !(await holdsPinned(entry, integrity.remoteEntry))) return false;
  }
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { integrity?: Record<string, string> };
  for (const [file, pinned] of Object.entries(manifest.integrity ?? {})) {
    // The entry is pinned by the registry, as the host checks it (a manifest may list it too).
    if (integrity.remoteEntry && file === entryPath) continue;
    const full = inside(dir, file);
    if (!full || !(await holdsPinned(full, pinned))) return false;
  }
  return true;
}

/**
 * versionIntact, each verdict kept until its folder changes (a file written, replaced, removed or
 * its mode changed: one watcher per checked folder), so a page load rarely waits for hashing. A
 * verdict whose folder cannot be watched is kept INTACT_VERDICT_MS; one unused for UNUSED_MS is dropped.
 */
export function intactVersions(
  now: () => number = Date.now,
): (dir: string, integrity: RegistryIntegrity) => Promise<boolean> {
  const verdicts = new Map<
    string,
    { used: number; checked: number; intact: Promise<boolean>; watcher: FSWatcher | null }
  >();
  const forget = (key: string) => {
    verdicts.get(key)?.watcher?.close();
    verdicts.delete(key);
  };
  return (dir, integrity) => {
    const key = `${dir}\0${integrity.manifest}\0${integrity.remoteEntry ?? ''}`;
    for (const [old, verdict] of verdicts) if (now() - verdict.used >= UNUSED_MS) forget(old);
    const known = verdicts.get(key);
    if (known && (known.watcher || now() - known.checked < INTACT_VERDICT_MS)) {
      known.used = now();
      return known.intact;
    }
    forget(key);
    // Watching starts before hashing: a change while it hashes drops the verdict it gives.
    let watcher: FSWatcher | null = null;
    try {
      watcher = watch(dir, { recursive: true, persistent: false }, () => forget(key));
      watcher.on('error', () => forget(key));
    } catch {
      watcher = null; // no such folder (a broken version), or no watchers left
    }
    const intact = versionIntact(dir, integrity).catch(() => false);
    verdicts.set(key, { used: now(), checked: now(), intact, watcher });
    return intact;
  };
}
