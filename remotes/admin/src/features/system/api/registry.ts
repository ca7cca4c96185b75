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

/** Where the host reads the remote registry (the mutable pointer of the deploy model). */
export const REGISTRY_URL = '/remotes.json';

/** Reads remotes.json and checks each remote's manifest, never from a cache. */
export async function checkRegistry(): Promise<RemoteStatus[]> {
  const response = await fetch(REGISTRY_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REGISTRY_URL} answered ${response.status}`);
  const registry = (await response.json()) as Record<string, string>;
  return Promise.all(
    Object.entries(registry).map(async ([name, url]): Promise<RemoteStatus> => {
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
