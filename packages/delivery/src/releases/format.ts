import type { AppStatus, ChangeResult } from './store';
import type { HistoryEntry } from './history';

export function describeChange(action: 'release' | 'rollback', result: ChangeResult): string {
  if (!result.changed) return `${result.app}: ${result.to} is already live (identical build), nothing changed.`;
  const verb = action === 'release' ? 'released' : 'rolled back';
  const line = `${result.app}: ${verb} ${result.from ?? '(nothing)'} -> ${result.to}`;
  const pages = result.pages;
  if (!pages || pages.kind === 'skipped') return line;
  return `${line}\n  public pages: ${pages.pages} ${pages.kind === 'kept' ? 'kept from before' : 'prerendered'} (${pages.dir})`;
}

export function describeStatus(apps: AppStatus[]): string {
  const lines: string[] = [];
  for (const app of apps) {
    const where = app.origin ? ` at ${app.origin}` : '';
    lines.push(`${app.app}: ${app.live ? `live ${app.live}${where}` : 'nothing live'}`);
    for (const version of [...app.versions].reverse()) {
      lines.push(`  ${version === app.live ? '*' : ' '} ${version}`);
    }
    if (app.live && !app.versions.includes(app.live)) lines.push(`  ! live version ${app.live} is missing on disk`);
    if (app.lastChange) lines.push(`    last change: ${describeEntry(app.lastChange)}`);
  }
  return lines.join('\n');
}

export function describeEntry(entry: HistoryEntry): string {
  return `${entry.time} ${entry.action} ${entry.app} ${entry.from ?? '(nothing)'} -> ${entry.to} by ${entry.who}`;
}
