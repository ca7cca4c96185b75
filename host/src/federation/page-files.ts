/** The files of one build, split as the federation manifest lists them. */
interface Files {
  sync: readonly string[];
  async: readonly string[];
}

/** The part of a remote's mf-manifest.json that says where its entry and each exposed page's files are. */
export interface RemoteManifest {
  metaData: { publicPath?: string; remoteEntry: { name: string; path: string } };
  exposes: readonly { name: string; assets: { js: Files; css: Files } }[];
  /** file -> SHA-384, written by released remote builds (packages/federation/src/integrity.js). */
  integrity?: Readonly<Record<string, string>>;
}

/** Where a build's files are: the manifest's folder unless the build names a public path. */
function filesBase(manifestUrl: string, manifest: RemoteManifest): string {
  const { publicPath } = manifest.metaData;
  return !publicPath || publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).href;
}

/** URL -> SHA-384 of every file the manifest pins (none for a build without hashes). */
export function pinnedHashes(manifestUrl: string, manifest: RemoteManifest): Record<string, string> {
  const base = filesBase(manifestUrl, manifest);
  return Object.fromEntries(
    Object.entries(manifest.integrity ?? {}).map(([file, hash]) => [new URL(file, base).href, hash]),
  );
}

/**
 * The URLs a remote's pages need to run: its manifest, its entry and, for each named page
 * (`Pricing`, not `./Pricing`), its own JS and CSS and the chunks it loads lazily. Shared
 * libraries are left out: the host provides them. Relative to the manifest's folder unless the
 * build names a public path.
 */
export function remotePageFiles(manifestUrl: string, manifest: RemoteManifest, pages: readonly string[]): string[] {
  const { remoteEntry } = manifest.metaData;
  const base = filesBase(manifestUrl, manifest);
  const at = (file: string) => new URL(file, base).href;
  const entry = at([remoteEntry.path, remoteEntry.name].filter(Boolean).join('/'));
  const pageFiles = manifest.exposes
    .filter((expose) => pages.includes(expose.name))
    .flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async, ...assets.css.sync, ...assets.css.async])
    .map(at);
  return [...new Set([new URL(manifestUrl).href, entry, ...pageFiles])];
}

/** One file a page's module loads before it runs, with the SHA-384 its build pinned (none for an unpinned build). */
export interface PageModuleFile {
  url: string;
  integrity?: string;
}

/**
 * The scripts the runtime loads for one exposed page (`Dashboard`) before it runs: the expose's
 * own chunks, as its manifest lists them. Lazy chunks (dialogs, pages it links to) and shared
 * libraries (the host provides them) are left out.
 */
export function pageModuleFiles(manifestUrl: string, manifest: RemoteManifest, page: string): PageModuleFile[] {
  const base = filesBase(manifestUrl, manifest);
  const expose = manifest.exposes.find((candidate) => candidate.name === page);
  return (expose?.assets.js.sync ?? []).map((file) => {
    const integrity = manifest.integrity?.[file];
    return { url: new URL(file, base).href, ...(integrity ? { integrity } : {}) };
  });
}
