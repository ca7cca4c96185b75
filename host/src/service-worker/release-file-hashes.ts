/**
 * The hash a stored release file must have, as the service worker learns it: Chrome does not hand
 * a `<script integrity>` value to the worker (its request's `integrity` is empty), so the worker
 * reads it where the release pinned it: the `integrity` map (file -> SHA-384) of the
 * mf-manifest.json in the file's version folder (`<origin>/remotes/<app>/<version>/`). Kept free of
 * worker globals so it is unit tested.
 */

const RELEASE_FOLDER = /^(.*\/remotes\/[^/]+\/[^/]+\/)(.+)$/;

/** The version folder a URL lies in and its path inside it; null outside any stored release. */
export function releaseFileOf(href: string): { folder: string; file: string } | null {
  const url = new URL(href);
  const found = RELEASE_FOLDER.exec(`${url.origin}${url.pathname}`);
  return found ? { folder: found[1]!, file: found[2]! } : null;
}

/** How the worker reads a manifest: the network, else its cached copy (offline); null when neither has it. */
export type ReadManifest = (url: string) => Promise<unknown>;

export class ReleaseFileHashes {
  /** Per version folder, its manifest's hashes (read once; dropped after a mismatch, so a fixed manifest is read again). */
  private readonly known = new Map<string, Promise<Record<string, string> | null>>();

  constructor(private readonly readManifest: ReadManifest) {}

  /** The SHA-384 the file's release pinned, or undefined when it is no pinned release file. */
  async of(href: string): Promise<string | undefined> {
    const found = releaseFileOf(href);
    if (!found) return undefined;
    let hashes = this.known.get(found.folder);
    if (!hashes) {
      hashes = this.readManifest(`${found.folder}mf-manifest.json`).then(integrityMap, () => null);
      this.known.set(found.folder, hashes);
    }
    const map = await hashes;
    if (!map) this.known.delete(found.folder);
    return map?.[found.file];
  }

  /** Forget a folder's hashes (after a file failed them: the manifest may have been fixed too). */
  forget(href: string): void {
    const found = releaseFileOf(href);
    if (found) this.known.delete(found.folder);
  }
}

function integrityMap(manifest: unknown): Record<string, string> | null {
  const integrity = (manifest as { integrity?: unknown } | null)?.integrity;
  if (typeof integrity !== 'object' || integrity === null) return null;
  return Object.fromEntries(
    Object.entries(integrity).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
