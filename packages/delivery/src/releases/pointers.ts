import fs from 'node:fs/promises';
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

/** remotes.json as written (the previous format: stable manifest URLs). */
export async function readRemoteRegistry(layout: ReleasesLayout): Promise<RemoteRegistry> {
  try {
    return JSON.parse(await fs.readFile(layout.remotesFile, 'utf8')) as RemoteRegistry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}
