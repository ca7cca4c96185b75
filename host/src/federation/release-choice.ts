import {
  chooseRelease,
  fallbackRelease,
  isRegistryDocument,
  newSeed,
  seedCookie,
  seedFromCookies,
  type ChosenRelease,
  type RegistryDocument,
} from '@kloof/release-registry';

/**
 * The versions this page load runs, one per app, chosen once from registry.json: the same for the
 * whole page load (a release meanwhile shows on the next full load), the same for this browser on
 * every load (its seed cookie), the canary for about its share of browsers.
 */
const chosen = new Map<string, ChosenRelease>();
/** The registry chosen from (for the fallbacks), and the apps that fell back this page load (once each). */
let registry: RegistryDocument | undefined;
const fellBack = new Set<string>();

/** This browser's seed: set by the production server with the page, else made here and kept. */
export function browserSeed(doc: Pick<Document, 'cookie'> = document): string {
  const known = seedFromCookies(doc.cookie);
  if (known) return known;
  const seed = newSeed();
  doc.cookie = seedCookie(seed);
  return seed;
}

/**
 * Chooses from registry.json for this page load; returns remote name -> manifest URL of its
 * chosen version, or null when the document is not a registry (a dev server's or a fresh build's).
 */
export function chooseReleases(document: unknown, seed: string): Record<string, string> | null {
  if (!isRegistryDocument(document)) return null;
  registry = document;
  const manifests: Record<string, string> = {};
  for (const app of Object.keys(document.apps)) {
    const release = chooseRelease(document, app, seed);
    if (!release) continue;
    chosen.set(app, release);
    if (app !== 'host') manifests[app] = release.manifestUrl;
  }
  return manifests;
}

/** The release of one app this page load runs (undefined when its registry has no record: dev). */
export function chosenRelease(app: string): ChosenRelease | undefined {
  return chosen.get(app);
}

/**
 * Switches one app to the version its registry pins as the fallback (see fallbackRelease), for
 * the rest of this page load; the release switched to, or undefined when there is none or the
 * app fell back already (a fallback never falls back again).
 */
export function switchToFallback(app: string): ChosenRelease | undefined {
  const current = chosen.get(app);
  if (!current || !registry || fellBack.has(app)) return undefined;
  fellBack.add(app);
  const fallback = fallbackRelease(registry, current);
  if (fallback) chosen.set(app, fallback);
  return fallback ?? undefined;
}

/** Every chosen release (for integrity checks by URL and telemetry). */
export function chosenReleases(): ChosenRelease[] {
  return [...chosen.values()];
}
