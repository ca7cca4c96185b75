import { describeHealth, healthOf, type TelemetrySummary } from '@kloof/release-registry/health';
import type { HistoryAction, HistoryEntry } from './history';
import { printable } from './input';
import type { PruneResult } from './prune';
import type { AppStatus } from './status';
import type { ChangeResult } from './store';

const VERBS: Record<HistoryAction, string> = {
  release: 'released',
  rollback: 'rolled back',
  canary: 'canary',
  promote: 'promoted',
  abort: 'canary aborted',
  prune: 'pruned',
  api: 'recorded',
};

export function describeChange(result: ChangeResult): string {
  const share = result.action === 'canary' && result.share !== undefined ? ` for ${result.share}% of browsers` : '';
  const lines = result.changed
    ? [`${result.app}: ${VERBS[result.action]} ${result.from ?? '(nothing)'} -> ${result.to}${share}`]
    : [`${result.app}: ${result.to} is already live (identical build)${result.pages ? '' : ', nothing changed'}.`];
  for (const problem of result.forced ?? []) lines.push(`  forced past the compatibility gate: ${problem}`);
  for (const pages of result.pages ?? []) {
    if (pages.kind === 'skipped') continue;
    lines.push(
      `  public pages: ${pages.pages} ${pages.kind === 'kept' ? 'kept from before' : 'prerendered'} (${pages.dir})`,
    );
  }
  return lines.join('\n');
}

/** Where the status's error rates come from: the API's summary, or why it could not be read. */
export type HealthSource = { summary: TelemetrySummary } | { unavailable: string };

function health(source: HealthSource | undefined, app: string, version: string): string {
  if (!source || !('summary' in source)) return '';
  return `, errors ${describeHealth(healthOf(source.summary, app, version)!)}`;
}

function who(release: { releasedBy: string; releasedAt: string }): string {
  return release.releasedBy ? ` by ${printable(release.releasedBy)} at ${printable(release.releasedAt)}` : '';
}

/** When the rates were measured, or why there are none. */
export function describeHealthSource(source: HealthSource): string {
  return 'summary' in source
    ? `Error rates: page loads and errors reported since ${source.summary.since}`
    : `Error rates: not shown, ${source.unavailable}`;
}

export function describeStatus(apps: AppStatus[], source?: HealthSource): string {
  const lines: string[] = source ? [describeHealthSource(source)] : [];
  for (const app of apps) {
    const where = app.origin ? ` at ${app.origin}` : '';
    lines.push(`${app.app}: ${app.live ? `live ${app.live}${where}` : 'nothing live'}`);
    if (app.stable) {
      lines.push(`    stable ${app.stable.version}${who(app.stable)}${health(source, app.app, app.stable.version)}`);
    }
    if (app.canary) {
      lines.push(
        `    canary ${app.canary.version} for ${app.canary.share}% of browsers${who(app.canary)}${health(source, app.app, app.canary.version)}`,
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

/**
 * One history line as release:history prints it. Every text is shown with its control characters
 * escaped: history.jsonl is a file anyone with access can edit, and a newline in it must never
 * print as a second, forged change.
 */
export function describeEntry(entry: HistoryEntry): string {
  const extra = [
    entry.share !== undefined ? ` (${entry.share}% of browsers)` : '',
    entry.forced?.length ? ` FORCED past the compatibility gate: ${entry.forced.join('; ')}` : '',
    entry.reason ? ` reason: ${entry.reason}` : '',
  ].join('');
  return printable(
    `${entry.time} ${entry.action} ${entry.app} ${entry.from ?? '(nothing)'} -> ${entry.to} by ${entry.who}${extra}`,
  );
}

/** What prune deleted, and each version it kept with the reasons it may not be deleted. */
export function describePrune(results: PruneResult[]): string {
  return results
    .flatMap((r) => [
      r.deleted.length
        ? `${r.app}: deleted ${r.deleted.join(', ')}; kept ${r.kept.length}`
        : `${r.app}: nothing to delete; kept ${r.kept.length}`,
      ...r.kept.map((version) => `  kept ${version}: ${(r.why[version] ?? []).join(', ')}`),
    ])
    .join('\n');
}
