import fs from 'node:fs';
import path from 'node:path';
import { host, remotes } from '@kloof/apps/apps';
import {
  chooseRelease,
  isRegistryDocument,
  isVersionName,
  REGISTRY_FORMAT,
  unreleasedRegistry,
  type RegistryDocument,
} from '@kloof/release-registry';
import { PAGE_LIST_FILE, PAGE_REMOTES, pagesDir, pagesOfPair, type ReleasesLayout } from '@kloof/release-store/folder';
import { statPerTurn } from './stat-per-turn';

/** A file to send: a folder and a path inside it. */
export interface SiteFile {
  root: string;
  file: string;
}

/** What the server serves: where the live host is and what registry.json says right now. */
export interface Site {
  /**
   * Live host build folder for a browser (its canary seed: the host's canary for its share of
   * browsers, else the stable host); null when no host is live yet.
   */
  hostDir(seed?: string | null): string | null;
  /** Every host build, newest first: a page loaded before a host release still gets its hashed chunks. */
  allHostDirs(): string[];
  /** Body of /registry.json, the one pointer file (stable and canary versions, integrity). */
  registry(): string;
  /** The file behind /remotes/<rest>, or null. */
  remoteFile(rest: string): SiteFile | null;
  /** The prerendered page of a URL path for the stable host and page remote versions, or null (also for a browser in their canary). */
  prerenderedPage(urlPath: string, seed?: string | null): PrerenderedFile | null;
  describe(): string;
}

/** A prerendered page: its HTML file and the status it is sent with. */
export interface PrerenderedFile extends SiteFile {
  status: number;
}

/** A relative URL path kept inside its folder (no '..', no absolute parts, no dotfiles). */
export function safeRelative(urlPath: string): string | null {
  const segments = urlPath.split('/').filter(Boolean);
  if (segments.some((s) => s === '..' || s === '.' || s.startsWith('.') || s.includes('\\') || s.includes('\0'))) {
    return null;
  }
  return segments.join('/');
}

/**
 * Re-reads a small file only when it changed: one stat per turn of the event loop (the requests
 * read in one turn arrived together), so a release is seen by the next request after it.
 */
function watchedText(file: string): () => string | null {
  let cached: { key: string; text: string | null } | null = null;
  return () => {
    const stat = statPerTurn(file);
    const key = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'missing';
    if (cached?.key !== key) cached = { key, text: stat ? fs.readFileSync(file, 'utf8') : null };
    return cached.text;
  };
}

/** The page list of a pages folder, parsed again only when its file changed (a folder rendered anew). */
function pageLists(
  layout: ReleasesLayout,
): (host: string | null, remote: string, remoteVersion: string | null) => ReturnType<typeof pagesOfPair> {
  const lists = new Map<string, { key: string; pages: ReturnType<typeof pagesOfPair> }>();
  return (host, remote, remoteVersion) => {
    if (!host || !remoteVersion) return new Map();
    const file = path.join(pagesDir(layout, host, remote, remoteVersion), PAGE_LIST_FILE);
    const stat = statPerTurn(file);
    const key = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'missing';
    let hit = lists.get(file);
    if (hit?.key !== key) lists.set(file, (hit = { key, pages: pagesOfPair(layout, host, remote, remoteVersion) }));
    return hit.pages;
  };
}

const remoteNames = new Set<string>(remotes.map((r) => r.name));
const EMPTY_REGISTRY = JSON.stringify({ format: REGISTRY_FORMAT, apps: {} });

/** Serves the releases folder: live host at /, remotes at /remotes/<app>/<version>/. */
export function releasesSite(layout: ReleasesLayout, source?: string): Site {
  const registryJson = watchedText(layout.registryFile);
  const pagesOf = pageLists(layout);
  let parsed: { text: string | null; registry: RegistryDocument | null } = { text: null, registry: null };
  const registry = (): RegistryDocument | null => {
    const text = registryJson();
    if (parsed.text !== text) {
      let value: unknown = null;
      try {
        value = JSON.parse(text ?? 'null');
      } catch {
        // A broken pointer file serves no release: the pages show their fallback.
      }
      parsed = { text, registry: isRegistryDocument(value) ? value : null };
    }
    return parsed.registry;
  };
  const stableVersion = (app: string): string | null => {
    const entry = registry()?.apps[app];
    const version = entry?.stable?.version;
    // Served from this folder only: an app published on another origin has no pages here.
    return version && !entry.origin && isVersionName(version) ? version : null;
  };
  return {
    hostDir(seed) {
      const current = registry();
      const version = current ? (chooseRelease(current, 'host', seed ?? '')?.version ?? null) : null;
      return version && isVersionName(version) ? layout.versionDir('host', version) : null;
    },
    prerenderedPage(urlPath, seed) {
      // Pages are prerendered for stable pairs only: a browser in a canary of the host or of the
      // page's remote gets the plain page, which renders the versions it runs (never a mix in one load).
      const current = registry();
      if (!current) return null;
      const inCanary = (app: string) => chooseRelease(current, app, seed ?? '')?.canary;
      if (inCanary('host')) return null;
      for (const remote of PAGE_REMOTES) {
        const page = pagesOf(stableVersion('host'), remote, stableVersion(remote)).get(urlPath);
        if (page) return inCanary(remote) ? null : { root: page.dir, file: page.file, status: page.status };
      }
      return null;
    },
    allHostDirs() {
      const dir = layout.appDir('host');
      const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter(isVersionName).sort().reverse() : [];
      return versions.map((version) => layout.versionDir('host', version));
    },
    registry: () => registryJson() ?? EMPTY_REGISTRY,
    remoteFile(rest) {
      const [app, version, ...file] = rest.split('/');
      if (!app || !version || !remoteNames.has(app) || !isVersionName(version) || !file.length) return null;
      return { root: layout.versionDir(app, version), file: file.join('/') };
    },
    describe: () => (source ? `releases in ${source} (copied to ${layout.root})` : `releases in ${layout.root}`),
  };
}

/** Serves the apps' dist folders straight after `pnpm build`: remotes at /remotes/<app>/. */
export function distSite(repoRoot: string): Site {
  const hostDir = path.join(repoRoot, host.dir, 'dist');
  // Fresh builds were never released: the same registry format, without versions or hashes.
  const registry = JSON.stringify(
    unreleasedRegistry(Object.fromEntries(remotes.map((r) => [r.name, `/remotes/${r.name}/`]))),
  );
  return {
    hostDir: () => hostDir,
    allHostDirs: () => [hostDir],
    // Pages are prerendered at release time; the dist folders are served as built.
    prerenderedPage: () => null,
    registry: () => registry,
    remoteFile(rest) {
      const [app, ...file] = rest.split('/');
      const remote = remotes.find((r) => r.name === app);
      if (!remote || !file.length) return null;
      return { root: path.join(repoRoot, remote.dir, 'dist'), file: file.join('/') };
    },
    describe: () => 'the dist folders of the last build',
  };
}
