import type { RuntimeConfig } from '@kloof/api-client';

/** The monolith has no remotes to register: it only reads the runtime config. */
export async function loadRemoteRegistry(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/config.json');
    if (response.ok) return (await response.json()) as RuntimeConfig;
  } catch {
    // same-origin defaults below
  }
  return { apiHost: '' };
}

export async function reloadRemote(): Promise<void> {}

/** No remote manifests: the offline warm-up caches the pages' HTML only. */
export function manifestUrlOf(): string | undefined {
  return undefined;
}

/** No remote versions to fall back to: every page is in the one bundle. */
export function loadFallback(): undefined {
  return undefined;
}

/** Every page is in the one bundle: there is no remote entry or page chunk to start early. */
export function preloadRemoteEntry(): void {}

export function preloadRemotePage(): void {}
