import type { HistoryAction, HistoryEntry } from './history';
import type { AppStatus, ChangeResult, PruneResult } from './store';

const VERBS: Record<HistoryAction, string> = {
  release: 'released',
  rollback: 'rolled back',
  canary: 'canary',
  promote: 'promoted',
  abort: 'canary aborted',
  prune: 'pruned',
};

export function describeChange(result: ChangeResult): string {
  if (!result.changed) return `${result.app}: ${result.to} is already live (identical build), nothing changed.`;
  const share = result.action === 'canary' && result.share !== undefined ? ` for ${result.share}% of browsers` : '';
  const lines = [`${result.app}: ${VERBS[result.action]} ${result.from ?? '(nothing)'} -> ${result.to}${share}`];
  for (const problem of result.forced ?? []) lines.push(`  forced past the compatibility gate: ${problem}`);
  const pages = result.pages;
  if (pages && pages.kind !== 'skipped') {
    lines.push(
      `  public pages: ${pages.pages} ${pages.kind === 'kept' ? 'kept from before' : 'prerendered'} (${pages.dir})`,
    );
  }
  return lines.join('\n');
}

/** Error rate of one app version, as the status line shows it (filled in from telemetry). */
export interface VersionHealth {
  loads: number;
  errors: number;
}

export type HealthLookup = (app: string, version: string) => VersionHealth | undefined;

function health(lookup: HealthLookup | undefined, app: string, version: string): string {
  const found = lookup?.(app, version);
  if (!found) return '';
  const rate = found.loads ? ((found.errors / found.loads) * 100).toFixed(2) : '0.00';
  return `, errors ${rate}% (${found.errors}/${found.loads} loads)`;
}

function who(release: { releasedBy: string; releasedAt: string }): string {
  return release.releasedBy ? ` by ${release.releasedBy} at ${release.releasedAt}` : '';
}

export function describeStatus(apps: AppStatus[], lookup?: HealthLookup): string {
  const lines: string[] = [];
  for (const app of apps) {
    const where = app.origin ? ` at ${app.origin}` : '';
    lines.push(`${app.app}: ${app.live ? `live ${app.live}${where}` : 'nothing live'}`);
    if (app.stable) {
      lines.push(`    stable ${app.stable.version}${who(app.stable)}${health(lookup, app.app, app.stable.version)}`);
    }
    if (app.canary) {
      lines.push(
        `    canary ${app.canary.version} for ${app.canary.share}% of browsers${who(app.canary)}${health(lookup, app.app, app.canary.version)}`,
      );
    }
    for (const version of [...app.versions].reverse()) {
      const mark = version === app.live ? '*' : version === app.canary?.version ? '~' : ' ';
      lines.push(`  ${mark} ${version}`);
    }
    if (app.live && !app.versions.includes(app.live)) lines.push(`  ! live version ${app.live} is missing on disk`);
    if (app.lastChange) lines.push(`    last change: ${describeEntry(app.lastChange)}`);
  }
  return lines.join('\n');
}

export function describeEntry(entry: HistoryEntry): string {
  const extra = [
    entry.share !== undefined ? ` (${entry.share}% of browsers)` : '',
    entry.forced?.length ? ` FORCED past the compatibility gate: ${entry.forced.join('; ')}` : '',
    entry.reason ? ` reason: ${entry.reason}` : '',
  ].join('');
  return `${entry.time} ${entry.action} ${entry.app} ${entry.from ?? '(nothing)'} -> ${entry.to} by ${entry.who}${extra}`;
}

export function describePrune(results: PruneResult[]): string {
  return results
    .map((r) =>
      r.deleted.length
        ? `${r.app}: deleted ${r.deleted.join(', ')}; kept ${r.kept.length}`
        : `${r.app}: nothing to delete; kept ${r.kept.length}`,
    )
    .join('\n');
}
