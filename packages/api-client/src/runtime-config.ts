/** Where the API lives, read from the host's runtime config file at start. */
export interface RuntimeConfig {
  /** Origin of the API, '' for the same origin as the page. */
  apiHost: string;
}

let current: RuntimeConfig = { apiHost: '' };

export function configureRuntime(config: Partial<RuntimeConfig>): void {
  current = { ...current, ...config };
}

export function runtimeConfig(): RuntimeConfig {
  return current;
}

/** Base URL of every call: `<API host>/v1/`. */
export function apiBaseUrl(): string {
  return `${current.apiHost.replace(/\/$/, '')}/v1/`;
}
