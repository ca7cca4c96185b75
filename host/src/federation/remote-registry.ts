import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { integrityPlugin } from './integrity-plugin';
import type { RuntimeConfig } from '@kloof/api-client';
import { browserSeed, chooseReleases, chosenRelease } from './release-choice';
import { fetchJson } from './fetch-json';

/** remotes.json: remote name -> URL of that remote's mf-manifest.json. */
export type RemoteRegistry = Record<string, string>;

/** Where a remote's entry is, beside its manifest (every remote build names it so). */
const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/** config.json: the API location, and where remotes.json lives (the host's origin by default). */
export interface HostConfig extends RuntimeConfig {
  remotesUrl?: string;
}

const CONFIG_URL = '/config.json';
const DEFAULT_REGISTRY_URL = '/remotes.json';

/** registry.json lives beside remotes.json (same folder, same origin). */
export function releaseRegistryUrl(remotesUrl: string): string {
  return remotesUrl.replace(/remotes\.json(\?.*)?$/, 'registry.json');
}

let registry: RemoteRegistry = {};
let pluginsRegistered = false;

function register(names: string[], force: boolean): void {
  if (!pluginsRegistered) {
    registerPlugins([integrityPlugin()]);
    pluginsRegistered = true;
  }
  registerRemotes(
    names.flatMap((name) => (registry[name] ? [{ name, entry: entryUrlOf(name, registry[name]) }] : [])),
    { force },
  );
}

/**
 * The runtime loads each remote by its entry, not its manifest: the host builds without the
 * federation's manifest reader (`disableSnapshot`), and the entry starts downloading one round
 * trip sooner. Its release pins the entry; the entry pins every chunk it loads.
 */
function entryUrlOf(name: string, manifestUrl: string): string {
  const entryPath = chosenRelease(name)?.integrity.remoteEntryPath ?? REMOTE_ENTRY_FILE;
  return new URL(entryPath, new URL(manifestUrl, window.location.href)).href;
}

/**
 * Reads the runtime config and the remote registry (at once: one round trip, not two; the
 * registry again only when the config names another location), then registers every remote.
 * Never throws: a missing registry costs only the remote pages, which show their fallback.
 */
async function readRegistry(): Promise<HostConfig> {
  const defaultReleases = fetchJson<unknown>(releaseRegistryUrl(DEFAULT_REGISTRY_URL));
  defaultReleases.catch(() => undefined);
  const config = await fetchJson<HostConfig>(CONFIG_URL).catch((error: unknown): HostConfig => {
    console.warn('Runtime config unavailable, using same-origin defaults.', error);
    return { apiHost: '' };
  });
  const registryUrl = config.remotesUrl ?? DEFAULT_REGISTRY_URL;
  try {
    // registry.json (canaries, integrity) when the site has one; remotes.json (dev servers, fresh builds) else.
    const releases = await (
      registryUrl === DEFAULT_REGISTRY_URL ? defaultReleases : fetchJson<unknown>(releaseRegistryUrl(registryUrl))
    ).catch(() => null);
    registry = chooseReleases(releases, browserSeed()) ?? (await fetchJson<RemoteRegistry>(registryUrl));
    register(Object.keys(registry), false);
  } catch (error) {
    console.error('Remote registry unavailable.', error);
  }
  return config;
}

let first: Promise<HostConfig> | undefined;

/**
 * The registry of this page load, read once. It uses no shared module, so index.ts starts it
 * before the async boundary and it costs no round trip of its own (index.html preloads both
 * files too).
 */
export function loadRemoteRegistry(): Promise<HostConfig> {
  first ??= readRegistry();
  return first;
}

/** Where a registered remote's mf-manifest.json is for this page load (after loadRemoteRegistry). */
export function manifestUrlOf(name: string): string | undefined {
  const url = registry[name];
  return url ? new URL(url, window.location.href).href : undefined;
}

/** Registers one remote again from scratch, so a retry refetches its entry. */
export async function reloadRemote(name: string): Promise<void> {
  if (!registry[name]) {
    await readRegistry();
    return;
  }
  register([name], true);
}
