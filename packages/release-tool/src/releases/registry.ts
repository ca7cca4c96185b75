import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  REGISTRY_FORMAT,
  type RegistryApp,
  type RegistryDocument,
  type RegistryIntegrity,
  type RegistryRelease,
} from '@kloof/release-registry';
import { readRegistryFile, type ReleasesLayout } from '@kloof/release-store/folder';
import { releasableApps, type ReleasableApp } from './apps';
import { writeFileAtomic } from './atomic-file';

/** The registry's shapes are the ones every reader uses (one definition, in release-registry). */
export type Integrity = RegistryIntegrity;
export type LiveRelease = RegistryRelease & { integrity: RegistryIntegrity };
export type CanaryRelease = LiveRelease & { share: number };
export type AppRegistry = RegistryApp;
export type Registry = RegistryDocument;

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

/** Stable key order (apps.js order) keeps diffs of the pointer file readable. */
function inAppOrder<T>(entries: [string, T][]): [string, T][] {
  const order = releasableApps.map((a) => a.name);
  return entries.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}

/** registry.json's text, the same in a folder and a bucket. */
export function registryText(registry: Registry): string {
  const apps = Object.fromEntries(inAppOrder(Object.entries(registry.apps)));
  const document: Registry = { format: REGISTRY_FORMAT, apps, ...(registry.api ? { api: registry.api } : {}) };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Writes registry.json, the one pointer file, atomically (a reader sees the old or the new file). */
export async function writeRegistry(layout: ReleasesLayout, registry: Registry): Promise<void> {
  await writeFileAtomic(layout.registryFile, registryText(registry));
}

/** The stable version of every app that has one, from a registry already read. */
export function stableVersions(registry: Registry): Record<string, { origin: string; version: string }> {
  const live: Record<string, { origin: string; version: string }> = {};
  for (const [app, entry] of Object.entries(registry.apps)) {
    if (entry.stable) live[app] = { origin: entry.origin, version: entry.stable.version };
  }
  return live;
}

/** The stable version of every app that has one (tests and the CLI). */
export async function readLive(layout: ReleasesLayout): Promise<Record<string, { origin: string; version: string }>> {
  return stableVersions(await readRegistryFile(layout));
}
