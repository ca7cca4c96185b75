import { http } from '@kloof/api-client';
import { releaseRows, type AppReleases, type TelemetrySummary } from '@kloof/release-registry/health';
import { fetchRegistry } from './registry';

export interface ReleasesView {
  apps: AppReleases[];
  /** Why the error rates are missing (the API's telemetry could not be read), else null. */
  ratesUnavailable: string | null;
  since: string | null;
}

/** The last 24 hours, as `pnpm release:status` reads them. */
const WINDOW_MS = 24 * 3600 * 1000;

/** registry.json (never from a cache) joined with the API's error rates per version. */
export async function loadReleases(): Promise<ReleasesView> {
  const registry = await fetchRegistry();
  let summary: TelemetrySummary | null = null;
  let ratesUnavailable: string | null = null;
  try {
    const since = new Date(Date.now() - WINDOW_MS).toISOString();
    summary = (await http.get<TelemetrySummary>('telemetry/summary', { params: { since } })).data;
  } catch {
    ratesUnavailable = 'Error rates could not be read from the API.';
  }
  return { apps: releaseRows(registry, summary), ratesUnavailable, since: summary?.since ?? null };
}
