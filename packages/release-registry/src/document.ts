/**
 * registry.json, the one pointer file: per app, where its versions are published, which version
 * is stable, which is a canary and for what share of browsers, and the hashes that pin each
 * version's files. The release tool writes it; the host, the web server, the admin screens and the
 * service worker read it. Dev servers and the dist folders serve the same format for builds that
 * were never released (a `url` instead of a stored version, no hashes). No Node or DOM APIs here.
 */

export const REGISTRY_FORMAT = 2 as const;

export interface RegistryIntegrity {
  manifest: string;
  remoteEntry?: string;
  remoteEntryPath?: string;
}

export interface RegistryRelease {
  version: string;
  /** SHA-384s of the files the host checks; absent for a build that was never released. */
  integrity?: RegistryIntegrity;
  releasedAt: string;
  releasedBy: string;
  /**
   * The folder of a build served as it is (a dev server, the dist folders); a stored release
   * lives at `<origin>/remotes/<app>/<version>/` and has none.
   */
  url?: string;
  /**
   * The release set it went live in (one change of several apps). A canary of a set is chosen
   * per set, not per app, so a browser gets every app of the set at its canary version or none.
   * Absent for a release of one app and in registries written before sets existed.
   */
  set?: string;
}

export interface RegistryApp {
  /** '' = the site's own origin; otherwise where its versions are published, e.g. a CDN. */
  origin: string;
  stable: RegistryRelease | null;
  canary: (RegistryRelease & { share: number }) | null;
  previous: string | null;
  /**
   * The last known good version: the one a rollback would return to (stable before the stable
   * one, by the history), pinned by its hashes. A browser whose chosen version fails to load or
   * fails its hashes loads this one instead. Absent in registries written before it existed.
   */
  fallback?: (RegistryRelease & { integrity: RegistryIntegrity }) | null;
}

/** The API the live builds talk to, as its last deploy recorded it (`pnpm release:api`). */
export interface RegistryApi {
  /** The contract version the API was built with. */
  contract: string;
  /** The contract versions it answers (a semver range): builds outside it are refused by the gate. */
  serves: string;
  recordedAt: string;
  recordedBy: string;
}

export interface RegistryDocument {
  format: typeof REGISTRY_FORMAT;
  apps: Record<string, RegistryApp>;
  /** Absent until an API deploy is recorded: the gate then checks no contract. */
  api?: RegistryApi;
}

export function isRegistryDocument(value: unknown): value is RegistryDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { format?: unknown }).format === REGISTRY_FORMAT &&
    typeof (value as { apps?: unknown }).apps === 'object' &&
    (value as { apps?: unknown }).apps !== null
  );
}

/** The folder URL of one version of an app (ends with '/'). */
export function releaseFolderUrl(
  app: string,
  origin: string,
  release: Pick<RegistryRelease, 'version' | 'url'>,
): string {
  if (release.url) return release.url.endsWith('/') ? release.url : `${release.url}/`;
  return `${origin.replace(/\/$/, '')}/remotes/${app}/${release.version}/`;
}

/** The URL of one version's mf-manifest.json. */
export function manifestUrlOf(app: string, origin: string, release: Pick<RegistryRelease, 'version' | 'url'>): string {
  return `${releaseFolderUrl(app, origin, release)}mf-manifest.json`;
}

/** The version name builds served as they are carry (never a stored version's name). */
export const UNRELEASED_VERSION = 'unreleased';

/** A registry of builds served as they are: app name -> the folder URL of its build. */
export function unreleasedRegistry(folders: Record<string, string>): RegistryDocument {
  const apps: Record<string, RegistryApp> = {};
  for (const [app, url] of Object.entries(folders)) {
    apps[app] = {
      origin: '',
      stable: { version: UNRELEASED_VERSION, releasedAt: '', releasedBy: '', url },
      canary: null,
      previous: null,
    };
  }
  return { format: REGISTRY_FORMAT, apps };
}
