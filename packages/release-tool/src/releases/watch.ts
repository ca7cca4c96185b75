import { describeHealth, healthOf, type TelemetrySummary, type VersionHealth } from '@kloof/release-registry/health';
import { findApp, ReleaseError } from './apps';
import { storeOf, type ReleaseTarget } from '../storage/target';
import { abortCanary } from './store';
import { currentUser, historyLine, suspectHold, type HistoryEntry } from './history';
import type { ReleaseStore } from '../storage/release-store';
import type { Registry } from './registry';
import { setCanaryApps } from './release-set';
import { DEFAULT_VITAL_MARGINS, slowerVitals, type VitalMargins } from './vitals-gate';
import { DEFAULT_Z, excessErrorRate } from './excess-error-rate';

/**
 * The canary watcher: compares a canary's error rate over page loads, and its web vitals (LCP,
 * INP, CLS p75), with the stable version's in a recent window, and aborts the canary (reason in
 * the history) when it is worse by more than a margin in evidence the web server checked (load
 * failures), or holds it (suspect, in the history) when only the browsers' word says so. Until the
 * canary has the minimum sample of page loads it only waits, and while the counts cannot yet tell
 * it from chance (a one-sided bound at z, excess-error-rate.ts). The counts are the API's verified
 * votes (one per browser and version per window, a few browsers per network, load failures only of
 * versions the web server found broken), so forged beacons and a botnet's word do not roll back.
 */
export interface WatchOptions {
  /** Page loads the canary needs in the window before it is judged. */
  minSample: number;
  /** How far back the error rates are read, in minutes. */
  windowMinutes: number;
  /** Percentage points the canary's error rate may exceed the stable version's by. */
  marginPoints: number;
  /** How sure the excess must be: standard errors its lower bound clears the margin by (excess-error-rate.ts). */
  z?: number;
  /** The performance gate's margins and minimum sample (web vitals); defaults when not given. */
  vitals?: VitalMargins;
  /** Roll back on render errors, which only browsers report (--trust-browser-errors); else they hold. */
  trustBrowserErrors?: boolean;
  /** Roll back on web vitals, which only browsers report (--trust-browser-vitals); else they hold. */
  trustBrowserVitals?: boolean;
}

export const DEFAULT_WATCH: WatchOptions & { intervalSeconds: number } = {
  minSample: 50,
  windowMinutes: 15,
  marginPoints: 2,
  z: DEFAULT_Z,
  intervalSeconds: 60,
};

export type Verdict =
  | { action: 'none'; message: string }
  | { action: 'wait' | 'keep' | 'hold'; message: string }
  | { action: 'rollback'; message: string; version: string };

/** The decision for one reading: roll back, hold (suspect, not rolled back), wait or keep. */
export type Judged = { action: 'wait' | 'keep' | 'hold' | 'rollback'; why: string };

/** Only the errors the web server checked: load failures of versions it found broken. */
const checked = (health: VersionHealth): VersionHealth => ({
  ...health,
  errors: health.loadFailed ?? 0,
  errorRate: health.pageLoads ? (health.loadFailed ?? 0) / health.pageLoads : null,
});

const HOLD_ADVICE = 'held, not rolled back: an operator should look';

/** " from 256 networks": how widely the browsers' claims are spread, when the API says. */
const fromNetworks = (count: number | undefined) =>
  count === undefined ? '' : ` from ${count} network${count === 1 ? '' : 's'}`;

/**
 * The decision for one reading of the telemetry. Only evidence the web server checked rolls a
 * canary back on its own: load failures (counted only of versions whose files it found broken).
 * Render errors and web vitals are the browser's word alone, which 256 networks with real tokens
 * can send for any canary; worse by them, the canary is held (marked suspect, never promoted by
 * this watcher, an operator looks) unless the operator trusts browsers with --trust-browser-errors
 * or --trust-browser-vitals.
 */
export function judgeCanary(
  canary: VersionHealth,
  stable: VersionHealth,
  options: WatchOptions,
  /** Where the app is published when not on the site's origin: its files, and so its load failures, go unchecked. */
  uncheckedOrigin = '',
): Judged {
  if (uncheckedOrigin) {
    canary = { ...canary, loadFailed: 0 };
    stable = { ...stable, loadFailed: 0 };
  }
  if (canary.pageLoads < options.minSample) {
    return {
      action: 'wait',
      why: `${canary.pageLoads} of the ${options.minSample} page loads needed in the last ${options.windowMinutes} min`,
    };
  }
  const z = options.z ?? DEFAULT_Z;
  const window = `in the last ${options.windowMinutes} min`;
  const surely = (c: VersionHealth, s: VersionHealth) => {
    const { points, atLeast } = excessErrorRate(c, s, z);
    const compared = `canary error rate ${describeHealth(c)} vs stable ${describeHealth(s)} ${window}`;
    return {
      points,
      atLeast,
      compared,
      worse: `${points.toFixed(2)} points worse (at least ${atLeast.toFixed(2)} at z ${z})`,
    };
  };
  const margin = `margin ${options.marginPoints}`;
  // Worse by more than the margin even at the low end of what the counts allow.
  const loadFailures = surely(checked(canary), checked(stable));
  if (loadFailures.atLeast > options.marginPoints) {
    return {
      action: 'rollback',
      why: `${loadFailures.compared}: ${loadFailures.worse}, ${margin}; load failures the web server confirmed`,
    };
  }
  const all = surely(canary, stable);
  const holds: string[] = [];
  if (all.atLeast > options.marginPoints) {
    const claimed = `${all.compared}: ${all.worse}, ${margin}`;
    if (options.trustBrowserErrors)
      return { action: 'rollback', why: `${claimed} (browser-reported render errors trusted)` };
    const unchecked = canary.errors - (canary.loadFailed ?? 0);
    holds.push(
      uncheckedOrigin
        ? `${claimed}, by ${unchecked} render errors and load failures only browsers reported ` +
            `(its files are on ${uncheckedOrigin}, which the web server cannot check)`
        : `${claimed}, by ${unchecked} render error${unchecked === 1 ? '' : 's'} only browsers reported` +
            fromNetworks(canary.networks?.renderErrors),
    );
  }
  const slower = slowerVitals(canary, stable, options.vitals ?? DEFAULT_VITAL_MARGINS);
  if (slower) {
    if (options.trustBrowserVitals) return { action: 'rollback', why: `${slower} ${window}` };
    holds.push(`${slower} ${window}, as only browsers reported${fromNetworks(canary.networks?.vitals)}`);
  }
  if (holds.length) {
    const flags = [all.atLeast > options.marginPoints && '--trust-browser-errors', slower && '--trust-browser-vitals'];
    return {
      action: 'hold',
      why: `${holds.join('; ')}: ${HOLD_ADVICE} (${flags.filter(Boolean).join(' and ')} would roll it back)`,
    };
  }
  if (all.points > options.marginPoints) {
    // Worse as counted, but too few page loads yet to tell it from chance: keep watching.
    return {
      action: 'wait',
      why: `${all.compared}: ${all.points.toFixed(2)} points worse, not yet surely over the margin of ${options.marginPoints} (at least ${all.atLeast.toFixed(2)} at z ${z})`,
    };
  }
  return { action: 'keep', why: `${all.compared}: within the margin of ${options.marginPoints} points` };
}

/** One app's canary judged against its stable version on the telemetry of the window. */
async function judgeApp(
  registry: Registry,
  app: string,
  readSummary: (app: string) => Promise<TelemetrySummary>,
  options: WatchOptions,
): Promise<Judged> {
  const entry = registry.apps[app]!;
  const summary = await readSummary(app);
  return judgeCanary(
    healthOf(summary, app, entry.canary!.version)!,
    entry.stable ? healthOf(summary, app, entry.stable.version)! : { pageLoads: 0, errors: 0, errorRate: null },
    options,
    entry.origin,
  );
}

/**
 * The verdict on a canary: its app's own, or a release set's as one (browsers get all its apps'
 * canaries or none): rolled back when any app of it is worse, held when any is held, kept when
 * every one is kept, else it waits.
 */
async function judgeCanaryOf(
  registry: Registry,
  app: string,
  readSummary: (app: string) => Promise<TelemetrySummary>,
  options: WatchOptions,
): Promise<Judged> {
  const set = registry.apps[app]!.canary!.set;
  if (!set) return judgeApp(registry, app, readSummary, options);
  const judged: (Judged & { app: string })[] = [];
  for (const member of setCanaryApps(registry, set)) {
    judged.push({ app: member, ...(await judgeApp(registry, member, readSummary, options)) });
  }
  const any = (action: string) => judged.some((j) => j.action === action);
  const worst = any('rollback') ? 'rollback' : any('hold') ? 'hold' : any('wait') ? 'wait' : 'keep';
  const shown = worst === 'keep' ? judged : judged.filter((j) => j.action === worst);
  return {
    action: worst,
    why: `release set ${set} (${judged.map((j) => j.app).join(', ')}): ${shown.map((j) => `${j.app} ${j.why}`).join('; ')}`,
  };
}

/**
 * Records in the history that the watcher holds a canary as suspect (release:status shows it):
 * once per canary, not at every reading.
 */
async function markSuspect(
  store: ReleaseStore,
  app: string,
  stable: string | null,
  canary: string,
  why: string,
  now: Date,
): Promise<void> {
  await store.exclusive(async () => {
    if (suspectHold(await store.readHistory(), app, canary)) return;
    const entry: HistoryEntry = {
      time: now.toISOString(),
      app,
      action: 'hold',
      from: stable,
      to: canary,
      who: currentUser(),
      reason: `held as suspect by release:watch: ${why}`,
    };
    await store.appendHistory(historyLine(entry));
  });
}

/** Reads the registry and the telemetry once, and aborts the canary (a set's whole) when it is judged worse. */
export async function watchOnce(
  target: ReleaseTarget,
  appName: string,
  readSummary: (since: Date, app: string) => Promise<TelemetrySummary>,
  options: WatchOptions,
  now: Date = new Date(),
): Promise<Verdict> {
  const app = findApp(appName).name;
  const store = storeOf(target);
  const { registry } = await store.readPointer();
  const entry = registry.apps[app];
  if (!entry?.canary) return { action: 'none', message: `${app}: no canary running` };
  const canary = entry.canary.version;
  const since = new Date(now.getTime() - options.windowMinutes * 60_000);
  const judged = await judgeCanaryOf(registry, app, (name) => readSummary(since, name), options);
  if (judged.action === 'hold') {
    await markSuspect(store, app, entry.stable?.version ?? null, canary, judged.why, now);
    return { action: 'hold', message: `${app}: canary ${canary} held as suspect: ${judged.why}` };
  }
  if (judged.action !== 'rollback') {
    return {
      action: judged.action,
      message: `${app}: canary ${canary} ${judged.action === 'wait' ? 'waits' : 'kept'}: ${judged.why}`,
    };
  }
  const reason = `automatic rollback by release:watch: ${judged.why}`;
  try {
    await abortCanary(store, app, reason, { version: canary });
  } catch (error) {
    // Promoted, aborted or replaced meanwhile: nothing of this canary left to roll back.
    if (error instanceof ReleaseError) return { action: 'none', message: `${app}: ${error.message}` };
    throw error;
  }
  return { action: 'rollback', message: `${app}: canary ${canary} rolled back: ${judged.why}`, version: canary };
}
