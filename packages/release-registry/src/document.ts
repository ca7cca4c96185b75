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

/** The longest name, version, address or text field a registry entry may carry. */
export const REGISTRY_TEXT_LIMIT = 2048;

/** App names are path segments of `/remotes/<app>/` and federation names: a lower-case letter, then letters and digits (`clientArea`), words maybe joined by '-'. */
const APP_NAME = /^[a-z][a-zA-Z0-9]*(?:-[a-zA-Z0-9]+)*$/;

type Problem = string | null;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textProblem(value: unknown, where: string): Problem {
  if (typeof value !== 'string') return `${where} must be a string`;
  return value.length > REGISTRY_TEXT_LIMIT ? `${where} is longer than ${REGISTRY_TEXT_LIMIT} characters` : null;
}

function optionalTextProblem(value: unknown, where: string): Problem {
  return value === undefined ? null : textProblem(value, where);
}

// A version is one segment of the folder URL it names: never a path that climbs out of its app's folder.
function versionProblem(value: unknown, where: string): Problem {
  const problem = textProblem(value, where);
  if (problem) return problem;
  const version = value as string;
  if (version === '' || version === '.' || version === '..' || /[/\\?#%]/.test(version)) {
    return `${where} must be a version name (one folder name, no '/', '\\', '?', '#' or '%')`;
  }
  return null;
}

// '' or an http(s) address: manifest and script URLs are built on it.
function addressProblem(value: unknown, where: string): Problem {
  const problem = textProblem(value, where);
  if (problem) return problem;
  return value === '' || /^https?:\/\/[^/?#\s]/i.test(value as string)
    ? null
    : `${where} must be '' (the site's own origin) or an http(s) address`;
}

function integrityProblem(value: unknown, where: string): Problem {
  if (!isObject(value)) return `${where} must be an object`;
  return (
    textProblem(value.manifest, `${where}.manifest`) ??
    optionalTextProblem(value.remoteEntry, `${where}.remoteEntry`) ??
    optionalTextProblem(value.remoteEntryPath, `${where}.remoteEntryPath`)
  );
}

function releaseProblem(value: unknown, where: string): Problem {
  if (!isObject(value)) return `${where} must be an object or null`;
  return (
    versionProblem(value.version, `${where}.version`) ??
    (value.integrity === undefined ? null : integrityProblem(value.integrity, `${where}.integrity`)) ??
    textProblem(value.releasedAt, `${where}.releasedAt`) ??
    textProblem(value.releasedBy, `${where}.releasedBy`) ??
    (value.url === undefined ? null : addressOrPathProblem(value.url, `${where}.url`)) ??
    optionalTextProblem(value.set, `${where}.set`)
  );
}

function canaryProblem(value: unknown, where: string): Problem {
  const problem = releaseProblem(value, where);
  if (problem) return problem;
  const { share } = value as { share?: unknown };
  return typeof share === 'number' && share >= 0 && share <= 100
    ? null
    : `${where}.share must be a number from 0 to 100`;
}

// A build served as it is: a folder on this site ('/remotes/auth/') or an http(s) address (a dev server).
function addressOrPathProblem(value: unknown, where: string): Problem {
  const problem = textProblem(value, where);
  if (problem) return problem;
  return /^\/(?!\/)/.test(value as string) || /^https?:\/\/[^/?#\s]/i.test(value as string)
    ? null
    : `${where} must be a path on this site or an http(s) address`;
}

function appProblem(value: unknown, where: string): Problem {
  if (!isObject(value)) return `${where} must be an object`;
  const { canary, fallback } = value;
  return (
    addressProblem(value.origin, `${where}.origin`) ??
    (value.stable === null ? null : releaseProblem(value.stable, `${where}.stable`)) ??
    (canary === null ? null : canaryProblem(canary, `${where}.canary`)) ??
    (value.previous === null ? null : versionProblem(value.previous, `${where}.previous`)) ??
    (fallback === undefined || fallback === null ? null : releaseProblem(fallback, `${where}.fallback`)) ??
    (fallback === undefined || fallback === null || isObject((fallback as { integrity?: unknown }).integrity)
      ? null
      : `${where}.fallback.integrity is required (a fallback is pinned by its hashes)`)
  );
}

function apiProblem(value: unknown): Problem {
  if (!isObject(value)) return 'api must be an object';
  return (
    textProblem(value.contract, 'api.contract') ??
    textProblem(value.serves, 'api.serves') ??
    textProblem(value.recordedAt, 'api.recordedAt') ??
    textProblem(value.recordedBy, 'api.recordedBy')
  );
}

/**
 * What is wrong with a would-be registry.json (parsed JSON from a file, a bucket or the network),
 * naming the first field at fault; null when it is a registry every reader can use as it is.
 */
export function registryDocumentProblem(value: unknown): Problem {
  if (!isObject(value)) return 'a registry must be a JSON object';
  if (value.format !== REGISTRY_FORMAT) return `format must be ${REGISTRY_FORMAT}`;
  if (!isObject(value.apps)) return 'apps must be an object of app entries';
  for (const [name, app] of Object.entries(value.apps)) {
    if (!APP_NAME.test(name) || name.length > 64) return `apps: "${name.slice(0, 64)}" is not an app name`;
    const problem = appProblem(app, `apps.${name}`);
    if (problem) return problem;
  }
  return value.api === undefined ? null : apiProblem(value.api);
}

export function isRegistryDocument(value: unknown): value is RegistryDocument {
  return registryDocumentProblem(value) === null;
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
