import type { VersionTelemetry } from '../src/health';

/** A marketing version's row of the API's telemetry summary: `errors` of its `pageLoads` failed to render. */
export function marketingCounts(version: string, pageLoads: number, errors: number): VersionTelemetry {
  return appCounts('marketing', version, pageLoads, errors);
}

/** One app version's row of the API's telemetry summary: `errors` of its `pageLoads` failed to render. */
export function appCounts(app: string, version: string, pageLoads: number, errors: number): VersionTelemetry {
  return {
    app,
    version,
    pageLoads,
    loadFailed: 0,
    integrityFailed: 0,
    renderErrors: errors,
    fallbacks: 0,
    errors,
    errorRate: errors / pageLoads,
    vitals: { lcp: { samples: 0, p75: null }, inp: { samples: 0, p75: null }, cls: { samples: 0, p75: null } },
  };
}

/** One app version's row: `failed` of its `pageLoads` failed to load (files the web server found broken). */
export function appLoadFailures(app: string, version: string, pageLoads: number, failed: number): VersionTelemetry {
  return {
    ...appCounts(app, version, pageLoads, 0),
    loadFailed: failed,
    errors: failed,
    errorRate: failed / pageLoads,
  };
}
