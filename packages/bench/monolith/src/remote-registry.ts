import { configureRuntime } from '@kloof/api-client';

/** The monolith has no remotes to register: it only reads the runtime config. */
export async function loadRemoteRegistry(): Promise<void> {
  try {
    const response = await fetch('/config.json', { cache: 'no-cache' });
    if (response.ok) configureRuntime((await response.json()) as { apiHost: string });
  } catch {
    configureRuntime({ apiHost: '' });
  }
}

export async function reloadRemote(): Promise<void> {}
