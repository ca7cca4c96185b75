import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { expectedIntegrity, integrityPlugin } from './integrity-plugin';
import { browserSeed, chooseReleases, chosenRelease, switchToFallback } from './release-choice';
import type { ChosenRelease } from '@kloof/release-registry';
import { fetchJson } from './fetch-json';
import { inlineBootData, type HostConfig } from './inline-boot';
import { preloadPageModule } from './page-preload';

/** Where a remote's entry is, beside its manifest (every remote build names it so). */
const REMOTE_ENTRY_FILE = 'remoteEntry.js';

const CONFIG_URL = '/config.json';
const DEFAULT_REGISTRY_URL = '/registry.json';

/** Remote name -> URL of the mf-manifest.json of the version this page load runs. */
let manifests: Record<string, string> = {};
let pluginsRegistered = false;

function register(names: string[], force: boolean): void {
  if (!pluginsRegistered) {
    registerPlugins([integrityPlugin()]);
    pluginsRegistered = true;
  }
  registerRemotes(
    names.flatMap((name) => (manifests[name] ? [{ name, entry: entryUrlOf(name, manifests[name]) }] : [])),
    { force },
  );
}

/**
 * The runtime loads each remote by its entry, not its manifest: the host builds without the
 * federation's manifest reader (`disableSnapshot`), and the entry starts downloading one round
 * trip sooner. Its release pins the entry; the entry pins every chunk it loads.
 */
function entryUrlOf(name: string, manifestUrl: string): string {
  const entryPath = chosenRelease(name)?.integrity?.remoteEntryPath ?? REMOTE_ENTRY_FILE;
  return new URL(entryPath, new URL(manifestUrl, window.location.href)).href;
}

/**
 * Reads the runtime config and registry.json (at once: one round trip, not two; the registry
 * again only when the config names another location), then registers every remote.
 * Never throws: a missing registry costs only the remote pages, which show their fallback.
 */
async function readRegistry(): Promise<HostConfig> {
  // The web server puts both in the page: no round trip. Without them, both are fetched.
  const inline = inlineBootData();
  const defaultRegistry =
    inline?.registry !== undefined ? Promise.resolve(inline.registry) : fetchJson<unknown>(DEFAULT_REGISTRY_URL);
  defaultRegistry.catch(() => undefined);
  const config =
    inline?.config ??
    (await fetchJson<HostConfig>(CONFIG_URL).catch((error: unknown): HostConfig => {
      console.warn('Runtime config unavailable, using same-origin defaults.', error);
      return { apiHost: '' };
    }));
  const registryUrl = config.registryUrl ?? DEFAULT_REGISTRY_URL;
  try {
    const document = await (registryUrl === DEFAULT_REGISTRY_URL ? defaultRegistry : fetchJson<unknown>(registryUrl));
    const chosen = chooseReleases(document, browserSeed());
    if (!chosen) throw new Error(`${registryUrl} is not a release registry.`);
    manifests = chosen;
    register(Object.keys(manifests), false);
  } catch (error) {
    console.error('Release registry unavailable.', error);
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

/**
 * Starts downloading a remote's entry now (after loadRemoteRegistry), as the script the runtime
 * adds later will ask for it: with its pinned hash (and so in CORS mode) when its release pins it.
 */
export function preloadRemoteEntry(name: string): void {
  const manifestUrl = manifests[name];
  if (!manifestUrl) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = entryUrlOf(name, manifestUrl);
  const integrity = expectedIntegrity(link.href);
  if (integrity) {
    link.integrity = integrity;
    link.crossOrigin = 'anonymous';
  }
  document.head.append(link);
}

/**
 * Starts downloading a page's own chunks (`./Dashboard`) alongside its remote's entry (after
 * loadRemoteRegistry): from the manifest of the version this load runs, read with the hash its
 * release pins.
 */
export function preloadRemotePage(name: string, module: string): void {
  const manifestUrl = manifests[name];
  if (!manifestUrl) return;
  const url = new URL(manifestUrl, window.location.href).href;
  void preloadPageModule(url, chosenRelease(name)?.integrity?.manifest, module.replace(/^\.\//, ''));
}

/** Where a registered remote's mf-manifest.json is for this page load (after loadRemoteRegistry). */
export function manifestUrlOf(name: string): string | undefined {
  const url = manifests[name];
  return url ? new URL(url, window.location.href).href : undefined;
}

/** Registers one remote again from scratch, so a retry refetches its entry. */
export async function reloadRemote(name: string): Promise<void> {
  if (!manifests[name]) {
    await readRegistry();
    return;
  }
  register([name], true);
}

/**
 * Registers one remote again at its fallback version (see switchToFallback); the release it now
 * runs, or undefined when it has none. The failed version's chunks are forgotten first: rspack
 * keeps a remote's loaded chunks in one global per remote name, which the fallback's entry would
 * otherwise take for its own.
 */
export function loadFallback(name: string): ChosenRelease | undefined {
  const fallback = switchToFallback(name);
  if (!fallback) return undefined;
  manifests[name] = fallback.manifestUrl;
  delete (window as unknown as Record<string, unknown>)[`rspackChunk${name}`];
  register([name], true);
  return fallback;
}
