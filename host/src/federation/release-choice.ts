import {
  chooseRelease,
  isRegistryDocument,
  newSeed,
  seedCookie,
  seedFromCookies,
  type ChosenRelease,
} from '@kloof/release-registry';

/**
 * The versions this page load runs, one per app, chosen once from registry.json: the same for the
 * whole page load (a release meanwhile shows on the next full load), the same for this browser on
 * every load (its seed cookie), the canary for about its share of browsers.
 */
const chosen = new Map<string, ChosenRelease>();

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

/** Every chosen release (for integrity checks by URL and telemetry). */
export function chosenReleases(): ChosenRelease[] {
  return [...chosen.values()];
}
