import fs from 'node:fs/promises';
import { releasableApps } from './apps';
import { writeFileAtomic } from './atomic-file';
import type { ReleasesLayout } from './layout';

/** A remote's live pointer: where its versions are published and which one is live. */
export interface RemotePointer {
  /** '' = the same origin as the site; otherwise e.g. https://cdn.example.com */
  origin: string;
  version: string;
}

export type RemoteRegistry = Record<string, string>;

/** The URL remotes.json holds for one live remote version. */
export function manifestUrl(app: string, pointer: RemotePointer): string {
  return `${pointer.origin.replace(/\/$/, '')}/remotes/${app}/${pointer.version}/mf-manifest.json`;
}

/** Reads a remotes.json entry back into origin + version (null when it is not one of ours). */
export function parseManifestUrl(app: string, url: string): RemotePointer | null {
  const marker = `/remotes/${app}/`;
  const at = url.lastIndexOf(marker);
  if (at < 0 || !url.endsWith('/mf-manifest.json')) return null;
  const version = url.slice(at + marker.length, -'/mf-manifest.json'.length);
  if (!version || version.includes('/')) return null;
  return { origin: url.slice(0, at), version };
}

async function readJsonFile<T>(file: string, fallback: T): Promise<T> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
}

export async function readRemoteRegistry(layout: ReleasesLayout): Promise<RemoteRegistry> {
  return readJsonFile<RemoteRegistry>(layout.remotesFile, {});
}

/** The live version of every app that has one (host from host.json, remotes from remotes.json). */
export async function readLive(layout: ReleasesLayout): Promise<Record<string, RemotePointer>> {
  const live: Record<string, RemotePointer> = {};
  const host = await readJsonFile<{ version?: string }>(layout.hostFile, {});
  if (host.version) live.host = { origin: '', version: host.version };
  const registry = await readRemoteRegistry(layout);
  for (const [app, url] of Object.entries(registry)) {
    const pointer = parseManifestUrl(app, url);
    if (pointer) live[app] = pointer;
  }
  return live;
}

/** Points one app at a version, atomically; the other apps' pointers are kept as they are. */
export async function writePointer(layout: ReleasesLayout, app: string, pointer: RemotePointer): Promise<void> {
  if (app === 'host') {
    await writeFileAtomic(layout.hostFile, `${JSON.stringify({ version: pointer.version }, null, 2)}\n`);
    return;
  }
  const registry = { ...(await readRemoteRegistry(layout)), [app]: manifestUrl(app, pointer) };
  // Stable key order (apps.js order) keeps diffs of remotes.json readable.
  const order = releasableApps.map((a) => a.name);
  const sorted = Object.fromEntries(Object.entries(registry).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
  await writeFileAtomic(layout.remotesFile, `${JSON.stringify(sorted, null, 2)}\n`);
}
