import { isRegistryDocument, manifestUrlOf, type RegistryDocument } from '@kloof/release-registry';

/** One remote of the registry and what its manifest says. */
export interface RemoteStatus {
  name: string;
  url: string;
  ok: boolean;
  /** HTTP status, or the network error's text. */
  detail: string;
  /** Build version from the manifest's metaData, when present. */
  version: string | null;
}

interface Manifest {
  metaData?: { buildInfo?: { buildVersion?: string } };
}

/** Where the host reads which version of each app to run (the one mutable pointer of the deploy model). */
export const REGISTRY_URL = '/registry.json';

/** registry.json, never from a cache. */
export async function fetchRegistry(): Promise<RegistryDocument> {
  const response = await fetch(REGISTRY_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REGISTRY_URL} answered ${response.status}`);
  const registry: unknown = await response.json();
  if (!isRegistryDocument(registry)) throw new Error(`${REGISTRY_URL} is not a release registry`);
  return registry;
}

/** Each remote's stable version in registry.json, and whether its manifest answers (never from a cache). */
export async function checkRegistry(): Promise<RemoteStatus[]> {
  const registry = await fetchRegistry();
  const stable = Object.entries(registry.apps).flatMap(([name, entry]) =>
    name !== 'host' && entry.stable ? [[name, manifestUrlOf(name, entry.origin, entry.stable)] as const] : [],
  );
  return Promise.all(
    stable.map(async ([name, url]): Promise<RemoteStatus> => {
      try {
        const manifest = await fetch(url, { cache: 'no-store' });
        if (!manifest.ok) return { name, url, ok: false, detail: `HTTP ${manifest.status}`, version: null };
        const body = (await manifest.json()) as Manifest;
        return {
          name,
          url,
          ok: true,
          detail: `HTTP ${manifest.status}`,
          version: body.metaData?.buildInfo?.buildVersion ?? null,
        };
      } catch (error) {
        return { name, url, ok: false, detail: error instanceof Error ? error.message : 'Unreachable', version: null };
      }
    }),
  );
}
