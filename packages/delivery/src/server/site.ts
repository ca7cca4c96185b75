import fs from 'node:fs';
import path from 'node:path';
import { releasableApps } from '../releases/apps';
import type { ReleasesLayout } from '../releases/layout';
import { isVersionName } from '../releases/versions';
import { chooseRelease, isRegistryDocument, type RegistryDocument } from '../registry-client/choose';
import { parseManifestUrl } from '../releases/pointers';
import { livePageList } from '../prerender/prerendered-pages';

/** A file to send: a folder and a path inside it. */
export interface SiteFile {
  root: string;
  file: string;
}

/** What the server serves: where the live host is and what remotes.json says right now. */
export interface Site {
  /**
   * Live host build folder for a browser (its canary seed: the host's canary for its share of
   * browsers, else the stable host); null when no host is live yet.
   */
  hostDir(seed?: string | null): string | null;
  /** Every host build, newest first: a page loaded before a host release still gets its hashed chunks. */
  allHostDirs(): string[];
  /** Body of /remotes.json (stable versions, the previous format). */
  registry(): string;
  /** Body of /registry.json (stable and canary versions, integrity: what the host reads). */
  releaseRegistry(): string;
  /** The file behind /remotes/<rest>, or null. */
  remoteFile(rest: string): SiteFile | null;
  /** The prerendered page of a URL path for the stable host and marketing versions, or null (also for a browser in a canary). */
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

/** Re-reads a small file only when it changed (one stat per request). */
function watchedText(file: string): () => string | null {
  let cached: { key: string; text: string | null } | null = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    const key = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'missing';
    if (cached?.key !== key) cached = { key, text: stat ? fs.readFileSync(file, 'utf8') : null };
    return cached.text;
  };
}

/** Serves the releases folder: live host at /, remotes at /remotes/<app>/<version>/. */
export function releasesSite(layout: ReleasesLayout): Site {
  const hostPointer = watchedText(layout.hostFile);
  const remotesJson = watchedText(layout.remotesFile);
  const registryJson = watchedText(layout.registryFile);
  const parsedRegistry = (): RegistryDocument | null => {
    try {
      const parsed: unknown = JSON.parse(registryJson() ?? 'null');
      return isRegistryDocument(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };
  const remoteNames = new Set(releasableApps.filter((a) => a.kind === 'remote').map((a) => a.name));
  const hostVersion = (): string | null => {
    const text = hostPointer();
    if (!text) return null;
    try {
      const version = (JSON.parse(text) as { version?: unknown }).version;
      return typeof version === 'string' && isVersionName(version) ? version : null;
    } catch {
      return null;
    }
  };
  // Served from this folder only: a marketing remote published elsewhere has no pages here.
  const marketingVersion = (): string | null => {
    try {
      const url = (JSON.parse(remotesJson() ?? '{}') as Record<string, unknown>).marketing;
      const pointer = typeof url === 'string' ? parseManifestUrl('marketing', url) : null;
      return pointer && !pointer.origin && isVersionName(pointer.version) ? pointer.version : null;
    } catch {
      return null;
    }
  };
  return {
    hostDir(seed) {
      const registry = parsedRegistry();
      const version = registry ? (chooseRelease(registry, 'host', seed ?? '')?.version ?? null) : hostVersion();
      return version && isVersionName(version) ? layout.versionDir('host', version) : null;
    },
    prerenderedPage(urlPath, seed) {
      // Pages are prerendered for the stable pair only: a browser in a host or marketing canary
      // gets the plain page, which renders the versions it runs (never a mix in one load).
      const registry = parsedRegistry();
      const inCanary = (app: string) => (registry ? chooseRelease(registry, app, seed ?? '')?.canary : false);
      if (inCanary('host') || inCanary('marketing')) return null;
      const page = livePageList(layout, hostVersion(), marketingVersion()).get(urlPath);
      return page ? { root: page.dir, file: page.file, status: page.status } : null;
    },
    allHostDirs() {
      const dir = layout.appDir('host');
      const versions = fs.existsSync(dir) ? fs.readdirSync(dir).filter(isVersionName).sort().reverse() : [];
      return versions.map((version) => layout.versionDir('host', version));
    },
    registry: () => remotesJson() ?? '{}',
    releaseRegistry: () => registryJson() ?? JSON.stringify({ format: 2, apps: {} }),
    remoteFile(rest) {
      const [app, version, ...file] = rest.split('/');
      if (!app || !version || !remoteNames.has(app) || !isVersionName(version) || !file.length) return null;
      return { root: layout.versionDir(app, version), file: file.join('/') };
    },
    describe: () => `releases in ${layout.root}`,
  };
}

/** Serves the apps' dist folders straight after `pnpm build`: remotes at /remotes/<app>/. */
export function distSite(repoRoot: string): Site {
  const hostApp = releasableApps.find((a) => a.kind === 'host')!;
  const remoteApps = releasableApps.filter((a) => a.kind === 'remote');
  const hostDir = path.join(repoRoot, hostApp.dir, 'dist');
  const registry = JSON.stringify(
    Object.fromEntries(remoteApps.map((r) => [r.name, `/remotes/${r.name}/mf-manifest.json`])),
  );
  // Fresh builds carry no release record: the host falls back to remotes.json (no canary, no hashes).
  const releaseRegistry = JSON.stringify({ format: 'dist' });
  return {
    hostDir: () => hostDir,
    allHostDirs: () => [hostDir],
    // Pages are prerendered at release time; the dist folders are served as built.
    prerenderedPage: () => null,
    registry: () => registry,
    releaseRegistry: () => releaseRegistry,
    remoteFile(rest) {
      const [app, ...file] = rest.split('/');
      const remote = remoteApps.find((r) => r.name === app);
      if (!remote || !file.length) return null;
      return { root: path.join(repoRoot, remote.dir, 'dist'), file: file.join('/') };
    },
    describe: () => 'the dist folders of the last build',
  };
}
