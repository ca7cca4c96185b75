import fs from 'node:fs';

/** /config.json: what one build needs to know about the environment it runs in. */
export interface RuntimeConfig {
  /** Origin of the API ('' = same origin, through this server's /v1 proxy). */
  apiHost: string;
  /** URL of the release registry (registry.json). */
  registryUrl: string;
}

export const defaultRuntimeConfig: RuntimeConfig = { apiHost: '', registryUrl: '/registry.json' };

function isUrlOrPath(value: string, allowEmpty: boolean): boolean {
  if (value === '') return allowEmpty;
  if (value.startsWith('/')) return true;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Checks a parsed config file; throws a message that names the bad field. */
export function parseRuntimeConfig(raw: unknown, source: string): RuntimeConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${source}: expected a JSON object.`);
  const unknown = Object.keys(raw).filter((key) => !(key in defaultRuntimeConfig));
  if (unknown.length) {
    throw new Error(
      `${source}: unknown field ${unknown.map((key) => `"${key}"`).join(', ')}; known: ${Object.keys(defaultRuntimeConfig).join(', ')}.`,
    );
  }
  const config = { ...defaultRuntimeConfig, ...(raw as Partial<RuntimeConfig>) };
  if (typeof config.apiHost !== 'string' || !isUrlOrPath(config.apiHost, true) || config.apiHost.startsWith('/')) {
    throw new Error(`${source}: "apiHost" must be '' (same origin) or an http(s) origin.`);
  }
  if (typeof config.registryUrl !== 'string' || !isUrlOrPath(config.registryUrl, false)) {
    throw new Error(`${source}: "registryUrl" must be a path such as /registry.json or an http(s) URL.`);
  }
  return { apiHost: config.apiHost.replace(/\/$/, ''), registryUrl: config.registryUrl };
}

/** Reads the runtime config file once, at start; `apiHost` (API_HOST, when set) overrides its apiHost. */
export function loadRuntimeConfig(file: string | undefined, apiHost: string | undefined): RuntimeConfig {
  let config = defaultRuntimeConfig;
  if (file) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new Error(`Runtime config file ${file} cannot be read.`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new Error(`${file}: not valid JSON.`);
    }
    config = parseRuntimeConfig(raw, file);
  }
  if (apiHost !== undefined) config = parseRuntimeConfig({ ...config, apiHost }, 'API_HOST');
  return config;
}

/** Origins other than the site's own that the page must reach (API host, remote registry). */
export function foreignOrigins(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...origins];
}
