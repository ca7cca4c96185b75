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
  hold: 'held as suspect',
};

/** One app's change: its line, what --force overrode and the pages rendered. */
function describeAppChange(result: ChangeResult, indent: string): string[] {
  const share = result.action === 'canary' && result.share !== undefined ? ` for ${result.share}% of browsers` : '';
  const lines = result.changed
    ? [`${indent}${result.app}: ${VERBS[result.action]} ${result.from ?? '(nothing)'} -> ${result.to}${share}`]
    : [
        `${indent}${result.app}: ${result.to} is already live (identical build)${result.pages ? '' : ', nothing changed'}.`,
      ];
  for (const problem of result.forced ?? []) lines.push(`${indent}  forced past the compatibility gate: ${problem}`);
  for (const pages of result.pages ?? []) {
    if (pages.kind === 'skipped') continue;
    lines.push(
      `${indent}  public pages: ${pages.pages} ${pages.kind === 'kept' ? 'kept from before' : 'prerendered'} (${pages.dir})`,
    );
  }
  return lines;
}

/**
 * What a change did, as the CLI prints it. A release set's change is a line for the set, then one
 * per app; `named` is what the command named (an app of a set: said to have moved the whole set).
 */
export function describeChange(result: ChangeResult, named?: string): string {
  if (!result.set) return describeAppChange(result, '').join('\n');
  const { id, changes } = result.set;
  const moved = changes.filter((change) => change.changed);
  const share = result.action === 'canary' && result.share !== undefined ? ` for ${result.share}% of browsers` : '';
  const lines = [
    moved.length
      ? `release set ${id}: ${VERBS[result.action]}${share} (${moved.map((c) => c.app).join(', ')}, one change)`
      : `release set: every build is already live, nothing changed.`,
  ];
  if (named && named !== id && moved.length) {
    lines.unshift(`${named} is part of release set ${id}: the whole set is ${VERBS[result.action]}.`);
  }
  for (const change of changes) lines.push(...describeAppChange(change, '  '));
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

/** ", in release set <id> with auth": the set a stable or canary version went live in, and its other apps. */
function inSet(apps: readonly AppStatus[], release: { set?: string }, role: 'stable' | 'canary'): string {
  if (!release.set) return '';
  const others = apps.filter((app) => app[role]?.set === release.set && app[role] !== release).map((app) => app.app);
  return printable(`, in release set ${release.set}${others.length ? ` with ${others.join(', ')}` : ''}`);
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
      lines.push(
        `    stable ${app.stable.version}${inSet(apps, app.stable, 'stable')}${who(app.stable)}${health(source, app.app, app.stable.version)}`,
      );
    }
    if (app.canary) {
      lines.push(
        `    canary ${app.canary.version} for ${app.canary.share}% of browsers${inSet(apps, app.canary, 'canary')}${who(app.canary)}${health(source, app.app, app.canary.version)}`,
      );
      if (app.suspect) lines.push(printable(`    SUSPECT since ${app.suspect.time}: ${app.suspect.reason ?? ''}`));
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
  // history.jsonl can be edited by hand: a set line is shown as one only when it has the shape of one.
  const what = Array.isArray(entry.apps)
    ? `${entry.action} release set ${entry.set ?? entry.to}: ${entry.apps.map((m) => `${m.app} ${m.from ?? '(nothing)'} -> ${m.to}`).join(', ')}`
    : `${entry.action} ${entry.app} ${entry.from ?? '(nothing)'} -> ${entry.to}`;
  const extra = [
    entry.share !== undefined ? ` (${entry.share}% of browsers)` : '',
    entry.forced?.length ? ` FORCED past the compatibility gate: ${entry.forced.join('; ')}` : '',
    entry.reason ? ` reason: ${entry.reason}` : '',
  ].join('');
  return printable(`${entry.time} ${what} by ${entry.who}${extra}`);
}

/** What prune deleted, and each version it kept with the reasons it may not be deleted. */
export function describePrune(results: PruneResult[]): string {
  return results
    .flatMap((r) => [
      r.deleted.length
        ? `${r.app}: deleted ${r.deleted.join(', ')}; kept ${r.kept.length}`
        : `${r.app}: nothing to delete; kept ${r.kept.length}`,
      ...r.kept.map((version) => `  kept ${version}: ${(r.why[version] ?? []).join(', ')}`),
      ...(r.deletedPages.length ? [`  deleted pages: ${r.deletedPages.join(', ')}`] : []),
    ])
    .join('\n');
}
