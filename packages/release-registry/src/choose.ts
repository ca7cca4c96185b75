/**
 * How a page chooses from registry.json: one version per app for the whole page load, the same
 * one on every load of the same browser (its seed), a canary for about its share of browsers.
 * Runs in the browser (the host) and in the static server (the host's own canary), so both make
 * the same choice for the same seed. No Node or DOM APIs here.
 */
import { manifestUrlOf, type RegistryDocument, type RegistryIntegrity } from './document';

/** The name of the cookie that holds a browser's seed (not personal: a random number). */
export const SEED_COOKIE = 'kloof-canary';

/** The version of one app a page load runs, and whether it is that app's canary. */
export interface ChosenRelease {
  app: string;
  version: string;
  canary: boolean;
  /** URL of its mf-manifest.json (remotes). */
  manifestUrl: string;
  /** Absent for a build that was never released (dev servers, the dist folders). */
  integrity?: RegistryIntegrity;
}

/** 32-bit FNV-1a: small, stable across engines, spreads similar strings evenly. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Where a browser falls for one draw, 0 <= bucket < 100. The draw is an app's name (each app its
 * own, so canaries of separate releases do not stack) or a release set's id (one draw for every
 * app of the set, so a browser gets all of its canaries or none).
 */
export function bucketOf(seed: string, draw: string): number {
  return (fnv1a(`${seed}:${draw}`) % 10000) / 100;
}

/** The draw that decides an app's canary: its release set's when it has one, else its own. */
export function canaryDraw(app: string, canary: { set?: string }): string {
  return canary.set ?? app;
}

/** A fresh seed for a browser that has none. */
export function newSeed(random: () => number = Math.random): string {
  return Math.floor(random() * 0x100000000)
    .toString(16)
    .padStart(8, '0');
}

/**
 * The release of one app this browser runs: the canary when its bucket falls inside the share
 * (the set's bucket for a canary of a release set, which gives its apps one share).
 */
export function chooseRelease(registry: RegistryDocument, app: string, seed: string): ChosenRelease | null {
  const entry = registry.apps[app];
  if (!entry) return null;
  const useCanary = entry.canary !== null && bucketOf(seed, canaryDraw(app, entry.canary)) < entry.canary.share;
  const release = useCanary ? entry.canary : entry.stable;
  if (!release) return null;
  return {
    app,
    version: release.version,
    canary: useCanary,
    manifestUrl: manifestUrlOf(app, entry.origin, release),
    ...(release.integrity ? { integrity: release.integrity } : {}),
  };
}

/**
 * Where a browser goes when the version it was given fails to load or fails its hashes: the
 * stable version for a canary's browsers, else the last known good version. Only a version the
 * registry pins by its hashes, never the one that failed; null when there is none.
 */
export function fallbackRelease(registry: RegistryDocument, failed: ChosenRelease): ChosenRelease | null {
  const entry = registry.apps[failed.app];
  if (!entry) return null;
  const release = failed.canary ? entry.stable : (entry.fallback ?? null);
  if (!release?.integrity || release.version === failed.version) return null;
  return {
    app: failed.app,
    version: release.version,
    canary: false,
    manifestUrl: manifestUrlOf(failed.app, entry.origin, release),
    integrity: release.integrity,
  };
}

/** Reads the seed out of a Cookie header or document.cookie. */
export function seedFromCookies(cookies: string | undefined): string | null {
  const found = /(?:^|;\s*)kloof-canary=([0-9a-f]{8})(?:;|$)/.exec(cookies ?? '');
  return found ? found[1]! : null;
}

/** The Set-Cookie value that keeps a seed for a year, for every path of the site. */
export function seedCookie(seed: string): string {
  return `${SEED_COOKIE}=${seed}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
