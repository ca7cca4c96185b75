import type { TelemetrySummary } from '@kloof/api-contract';
import type { RegistryDocument, RegistryRelease } from './document';

/**
 * What a release's visitors met, from the API's telemetry summary (GET /v1/telemetry/summary),
 * joined with registry.json: per app its stable and canary versions, who released them when and
 * their error rates. One reading for `pnpm release:status`, `pnpm release:watch` and /system.
 * No Node or DOM APIs here.
 */

/** One app version's counts and the summary, as the API's contract defines them. */
export type { TelemetrySummary, VersionSummary as VersionTelemetry } from '@kloof/api-contract';

/** A web vital of one version: page loads that reported it and its 75th percentile. */
export interface VitalHealth {
  samples: number;
  p75: number | null;
}

export interface VersionHealth {
  pageLoads: number;
  errors: number;
  errorRate: number | null;
  /**
   * Of the errors, load failures: counted only of versions the web server found broken, so checked
   * by the server (the rest are render errors, the browser's word alone). Absent: none are checked.
   */
  loadFailed?: number;
  /** Distinct networks that reported render errors and vitals (only browsers see those); absent: not known. */
  networks?: { renderErrors: number; vitals: number };
  /** LCP and INP in ms, CLS unitless; absent from an API that does not count them. */
  vitals?: { lcp: VitalHealth; inp: VitalHealth; cls: VitalHealth };
}

export interface ReleaseRow {
  version: string;
  releasedBy: string;
  releasedAt: string;
  /** null when the API could not be read; zero loads when nobody has loaded it yet. */
  health: VersionHealth | null;
}

export interface AppReleases {
  app: string;
  stable: ReleaseRow | null;
  canary: (ReleaseRow & { share: number }) | null;
}

const NO_LOADS: VersionHealth = { pageLoads: 0, errors: 0, errorRate: null };

/** A version's health in a summary (no row: nothing reported yet); null without a summary. */
export function healthOf(summary: TelemetrySummary | null, app: string, version: string): VersionHealth | null {
  if (!summary) return null;
  const found = summary.versions.find((v) => v.app === app && v.version === version);
  return found
    ? {
        pageLoads: found.pageLoads,
        errors: found.errors,
        errorRate: found.errorRate,
        loadFailed: found.loadFailed,
        networks: found.networks,
        vitals: found.vitals,
      }
    : NO_LOADS;
}

function row(release: RegistryRelease, app: string, summary: TelemetrySummary | null): ReleaseRow {
  return {
    version: release.version,
    releasedBy: release.releasedBy,
    releasedAt: release.releasedAt,
    health: healthOf(summary, app, release.version),
  };
}

/** Per app in `apps` order: stable and canary with their health. */
export function releaseRows(
  registry: RegistryDocument,
  summary: TelemetrySummary | null,
  apps: readonly string[] = Object.keys(registry.apps),
): AppReleases[] {
  return apps.map((app) => {
    const entry = registry.apps[app];
    return {
      app,
      stable: entry?.stable ? row(entry.stable, app, summary) : null,
      canary: entry?.canary ? { ...row(entry.canary, app, summary), share: entry.canary.share } : null,
    };
  });
}

/** "2.50% (1 error in 40 page loads)" or "no page loads reported". */
export function describeHealth(health: VersionHealth): string {
  if (!health.pageLoads && !health.errors) return 'no page loads reported';
  const rate = health.errorRate === null ? 'n/a' : `${(health.errorRate * 100).toFixed(2)}%`;
  const errors = `${health.errors} error${health.errors === 1 ? '' : 's'}`;
  const loads = `${health.pageLoads} page load${health.pageLoads === 1 ? '' : 's'}`;
  return `${rate} (${errors} in ${loads})`;
}

/** "LCP 1200 ms · INP 100 ms · CLS 0.010 (p75)" for the vitals with samples, or null when none has any. */
export function describeVitals(health: VersionHealth): string | null {
  const vitals = health.vitals;
  if (!vitals) return null;
  const parts = [
    vitals.lcp.p75 === null ? null : `LCP ${vitals.lcp.p75} ms`,
    vitals.inp.p75 === null ? null : `INP ${vitals.inp.p75} ms`,
    vitals.cls.p75 === null ? null : `CLS ${vitals.cls.p75.toFixed(3)}`,
  ].filter(Boolean);
  return parts.length ? `${parts.join(' · ')} (p75)` : null;
}
