import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { releasableApps, type ReleasableApp } from './apps';
import { writeFileAtomic } from './atomic-file';
import type { ReleasesLayout } from './layout';
import { manifestUrl, parseManifestUrl, type RemotePointer } from './pointers';
import type { RegistryApp, RegistryDocument, RegistryIntegrity, RegistryRelease } from '../registry-client/choose';

/** The registry's shapes are the ones the host reads (one definition, in registry-client). */
export type Integrity = RegistryIntegrity;
export type LiveRelease = RegistryRelease;
export type CanaryRelease = RegistryRelease & { share: number };
export type AppRegistry = RegistryApp;

/**
 * registry.json: the full release state (per app: stable and canary version, share, previous,
 * integrity, who and when), read by the host to choose one version per app for a page load.
 * remotes.json (stable manifest URLs only) and host.json are written from it, so a host or tool
 * of the previous format keeps reading the stable versions.
 */
export type Registry = RegistryDocument;

export const REGISTRY_FORMAT = 2 as const;

export function emptyApp(): AppRegistry {
  return { origin: '', stable: null, canary: null, previous: null };
}

export function sri(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** Hashes the files of one stored version that the host checks. */
export async function integrityOf(app: ReleasableApp, dir: string): Promise<Integrity> {
  const manifestBytes = await fs.readFile(path.join(dir, 'mf-manifest.json'));
  const integrity: Integrity = { manifest: sri(manifestBytes) };
  if (app.kind === 'remote') {
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
    };
    const entry = manifest.metaData?.remoteEntry;
    const entryPath = [entry?.path, entry?.name].filter(Boolean).join('/');
    integrity.remoteEntry = sri(await fs.readFile(path.join(dir, entryPath)));
    integrity.remoteEntryPath = entryPath;
  }
  return integrity;
}

export async function readJsonFile<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The registry, or one rebuilt from the pointers of the previous format (remotes.json and
 * host.json) when a releases folder predates registry.json: the stable versions and their hashes.
 */
export async function readRegistry(layout: ReleasesLayout): Promise<Registry> {
  const stored = await readJsonFile<Registry>(layout.registryFile);
  if (stored?.format === REGISTRY_FORMAT) return stored;
  const registry: Registry = { format: REGISTRY_FORMAT, apps: {} };
  const host = await readJsonFile<{ version?: string }>(layout.hostFile);
  const remotes = (await readJsonFile<Record<string, string>>(layout.remotesFile)) ?? {};
  for (const app of releasableApps) {
    const pointer =
      app.kind === 'host'
        ? host?.version
          ? { origin: '', version: host.version }
          : null
        : remotes[app.name]
          ? parseManifestUrl(app.name, remotes[app.name]!)
          : null;
    if (!pointer) continue;
    const dir = layout.versionDir(app.name, pointer.version);
    const integrity = await integrityOf(app, dir).catch(() => ({ manifest: '' }));
    registry.apps[app.name] = {
      ...emptyApp(),
      origin: pointer.origin,
      stable: { version: pointer.version, integrity, releasedAt: '', releasedBy: '' },
    };
  }
  return registry;
}

/** Stable key order (apps.js order) keeps diffs of the pointer files readable. */
function inAppOrder<T>(entries: [string, T][]): [string, T][] {
  const order = releasableApps.map((a) => a.name);
  return entries.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}

/**
 * Writes the registry and the previous-format pointers derived from it, each atomically.
 * registry.json is the new host's one read; remotes.json and host.json are the older readers'.
 */
export async function writeRegistry(layout: ReleasesLayout, registry: Registry): Promise<void> {
  const apps = Object.fromEntries(inAppOrder(Object.entries(registry.apps)));
  await writeFileAtomic(layout.registryFile, `${JSON.stringify({ format: REGISTRY_FORMAT, apps }, null, 2)}\n`);
  const remotes = Object.fromEntries(
    Object.entries(apps).flatMap(([app, entry]) =>
      app !== 'host' && entry.stable
        ? [[app, manifestUrl(app, { origin: entry.origin, version: entry.stable.version })]]
        : [],
    ),
  );
  await writeFileAtomic(layout.remotesFile, `${JSON.stringify(remotes, null, 2)}\n`);
  const host = apps.host?.stable;
  if (host) await writeFileAtomic(layout.hostFile, `${JSON.stringify({ version: host.version }, null, 2)}\n`);
}

/** The stable version of every app that has one (tests and older callers). */
export async function readLive(layout: ReleasesLayout): Promise<Record<string, RemotePointer>> {
  const registry = await readRegistry(layout);
  const live: Record<string, RemotePointer> = {};
  for (const [app, entry] of Object.entries(registry.apps)) {
    if (entry.stable) live[app] = { origin: entry.origin, version: entry.stable.version };
  }
  return live;
}
