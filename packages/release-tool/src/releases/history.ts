import fs from 'node:fs/promises';
import os from 'node:os';
import type { ReleasesLayout } from '@kloof/release-store/folder';
import { releaseToolEnvironment } from '../settings';
import { singleLine } from './input';

/**
 * One change of what is live (or of what is stored, for prune): the audit trail.
 * release/rollback/promote move the stable version; canary starts or re-weighs a canary, abort
 * stops it (by hand or by the watcher, with its reason); prune deletes a stored version; api records
 * an API deploy (app 'api': the contract it was built with, the versions it serves); hold marks a
 * canary suspect (the watcher found it worse by the browsers' word alone: it stays, an operator looks).
 */
export type HistoryAction = 'release' | 'rollback' | 'canary' | 'promote' | 'abort' | 'prune' | 'api' | 'hold';

export interface HistoryEntry {
  time: string;
  app: string;
  action: HistoryAction;
  from: string | null;
  to: string;
  who: string;
  /** canary: percent of browsers sent to it. */
  share?: number;
  /** Released with --force past the compatibility gate: what the gate found. */
  forced?: string[];
  /** Why (an automatic rollback's measurements, for one). */
  reason?: string;
  /** The release set this change belongs to (a set's line: its id; also on each of its apps' entries from byApp). */
  set?: string;
  /**
   * A release set's line: every app it moved, from what to what (app is 'set', to the set's id).
   * One line, so the history has one entry per change however many apps it moved.
   */
  apps?: SetMove[];
}

/** What a release set did to one of its apps. */
export interface SetMove {
  app: string;
  from: string | null;
  to: string;
}

/** The `app` of a release set's history line. */
export const SET_APP = 'set';

/**
 * The history as each app saw it: a release set's line becomes one entry per app it moved (with
 * the set's id), in its place. Rollback targets, prune's "live in the last 24 hours" and the
 * status read history per app.
 */
export function byApp(history: readonly HistoryEntry[]): HistoryEntry[] {
  return history.flatMap((entry) => {
    if (!entry.apps) return [entry];
    const { apps, ...rest } = entry;
    return apps.map((move) => ({ ...rest, app: move.app, from: move.from, to: move.to }));
  });
}

/** Whether a history line is about an app (a set's line when the set moved it). */
export function concerns(entry: HistoryEntry, app: string): boolean {
  return entry.app === app || Boolean(entry.apps?.some((move) => move.app === app));
}

/** The watcher's hold of an app's running canary, when it marked this canary suspect since it started. */
export function suspectHold(history: readonly HistoryEntry[], app: string, canary: string): HistoryEntry | null {
  let hold: HistoryEntry | null = null;
  for (const entry of byApp(history)) {
    if (entry.app !== app) continue;
    if (entry.action === 'canary') hold = null;
    else if (entry.action === 'hold' && entry.to === canary) hold = entry;
  }
  return hold;
}

export function currentUser(): string {
  const { user } = releaseToolEnvironment();
  if (user) return user;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** How a refused field is named: the user name is the one a person can get wrong ($USER). */
const FIELD_NAMES: Partial<Record<keyof HistoryEntry, string>> = {
  who: 'The user name (USER)',
  reason: 'The reason',
  forced: 'A finding of the compatibility gate',
};

/**
 * One entry as its line of history.jsonl, refused when a text in it is not a single plain line (a
 * newline in a user name would print as a forged second change in release:history).
 */
export function historyLine(entry: HistoryEntry): string {
  for (const [key, value] of Object.entries(entry) as [keyof HistoryEntry, unknown][]) {
    const texts = Array.isArray(value) ? value : [value];
    for (const text of texts) if (typeof text === 'string') singleLine(FIELD_NAMES[key] ?? `The ${key}`, text);
  }
  return `${JSON.stringify(entry)}\n`;
}

/** Appends one line made by historyLine (under the releases lock, so lines never interleave). */
export async function appendHistoryLine(layout: ReleasesLayout, line: string): Promise<void> {
  await fs.appendFile(layout.historyFile, line, 'utf8');
}

/** Every recorded change, oldest first. */
export async function readHistory(layout: ReleasesLayout): Promise<HistoryEntry[]> {
  try {
    const text = await fs.readFile(layout.historyFile, 'utf8');
    return text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as HistoryEntry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
