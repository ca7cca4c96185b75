import { reportTelemetry, type TelemetryKind } from '../telemetry/reporter';
import { chosenRelease } from './release-choice';

/** `marketing/Pricing` -> app and page (the route's module: never the URL, which may hold ids). */
function parts(id: string): { app: string; route: string } {
  const [app = '', ...page] = id.split('/');
  return { app, route: page.join('/') };
}

const loadedApps = new Set<string>();
/** The app version whose page this load showed first: what the page's web vitals are counted for. */
let firstPage: { app: string; version: string; route: string } | null = null;

/** The released app version and page this page load showed first, if any (web vitals go to it). */
export function pageRelease(): { app: string; version: string; route: string } | null {
  return firstPage;
}

/** The release this page load runs, if it is a stored one: a dev server's or dist build has no version to count. */
function releasedVersion(app: string) {
  const release = chosenRelease(app);
  return release?.integrity ? release : undefined;
}

/** Counts a remote once per page load: the denominator of its version's error rate. */
export function reportRemoteLoaded(id: string): void {
  const { app, route } = parts(id);
  const release = releasedVersion(app);
  if (!release || loadedApps.has(app)) return;
  loadedApps.add(app);
  firstPage ??= { app, version: release.version, route };
  reportTelemetry({ kind: 'page-load', app, version: release.version, route });
}

/** A remote page that failed to load or threw while rendering (its error boundary caught it). */
export function reportRemoteFailure(id: string, kind: Extract<TelemetryKind, 'load-failed' | 'render-error'>): void {
  const { app, route } = parts(id);
  const release = releasedVersion(app);
  if (!release) return;
  // A failed page load still counts as a load of that version, so its rate can exceed zero.
  if (!loadedApps.has(app)) {
    loadedApps.add(app);
    reportTelemetry({ kind: 'page-load', app, version: release.version, route });
  }
  reportTelemetry({ kind, app, version: release.version, route });
}

/**
 * A page of `app` was served by its fallback version after `failedVersion` failed: counted for
 * the version that failed (its load failure is counted already, once per attempt).
 */
export function reportFallbackLoaded(id: string, failedVersion: string): void {
  const { app, route } = parts(id);
  reportTelemetry({ kind: 'fallback-loaded', app, version: failedVersion, route });
}
