import { registerRemotes } from '@module-federation/enhanced/runtime';
import { configureRuntime, type RuntimeConfig } from '@kloof/api-client';

/** remotes.json: remote name -> URL of that remote's mf-manifest.json. */
export type RemoteRegistry = Record<string, string>;

interface HostConfig extends RuntimeConfig {
  /** Where remotes.json lives; defaults to the host's own origin. */
  remotesUrl?: string;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

let registry: RemoteRegistry = {};

function register(names: string[], force: boolean): void {
  registerRemotes(
    names.flatMap((name) => (registry[name] ? [{ name, entry: registry[name] }] : [])),
    { force },
  );
}

const DEFAULT_REGISTRY_URL = '/remotes.json';

async function loadConfig(): Promise<HostConfig> {
  try {
    return await fetchJson<HostConfig>('/config.json');
  } catch (error) {
    console.warn('Runtime config unavailable, using same-origin defaults.', error);
    return { apiHost: '' };
  }
}

/**
 * Reads the runtime config and the remote registry, then registers every remote.
 * Both files are fetched at once (one round trip, not two); the registry is fetched again
 * only when the config names another location. Never throws: a missing registry costs
 * only the remote pages, which show their fallback.
 */
export async function loadRemoteRegistry(): Promise<void> {
  const defaultRegistry = fetchJson<RemoteRegistry>(DEFAULT_REGISTRY_URL);
  defaultRegistry.catch(() => undefined);
  const config = await loadConfig();
  configureRuntime({ apiHost: config.apiHost ?? '' });
  const registryUrl = config.remotesUrl ?? DEFAULT_REGISTRY_URL;
  try {
    registry = await (registryUrl === DEFAULT_REGISTRY_URL ? defaultRegistry : fetchJson<RemoteRegistry>(registryUrl));
    register(Object.keys(registry), false);
  } catch (error) {
    console.error('Remote registry unavailable.', error);
  }
}

/** Registers one remote again from scratch, so a retry refetches its manifest. */
export async function reloadRemote(name: string): Promise<void> {
  if (!registry[name]) {
    await loadRemoteRegistry();
    return;
  }
  register([name], true);
}
