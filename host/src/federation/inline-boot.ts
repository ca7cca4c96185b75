import type { RuntimeConfig } from '@kloof/api-client';

/** config.json: the API location, and where registry.json lives (the host's origin by default). */
export interface HostConfig extends RuntimeConfig {
  registryUrl?: string;
}

/** The page's inline JSON (written by the web server, packages/web-server/src/boot-data.ts). */
export const BOOT_DATA_ID = 'kloof-boot';

/** What the page carried: the runtime config, and the registry when it is the server's own. */
export interface BootData {
  config: HostConfig;
  registry?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The boot data the page came with, or undefined when it carries none or none that reads as such
 * (a file served by another server, an older web server): the host then fetches both files.
 */
export function inlineBootData(doc: Pick<Document, 'getElementById'> = document): BootData | undefined {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || !isObject(parsed.config)) return undefined;
  const { apiHost, registryUrl } = parsed.config;
  if (typeof apiHost !== 'string' || (registryUrl !== undefined && typeof registryUrl !== 'string')) return undefined;
  return {
    config: { apiHost, ...(registryUrl === undefined ? {} : { registryUrl }) },
    ...('registry' in parsed ? { registry: parsed.registry } : {}),
  };
}
