import fs from 'node:fs/promises';
import os from 'node:os';
import type { ReleasesLayout } from '@kloof/release-registry/folder';

/**
 * One change of what is live (or of what is stored, for prune): the audit trail.
 * release/rollback/promote move the stable version; canary starts or re-weighs a canary, abort
 * stops it (by hand or by the watcher, with its reason); prune deletes a stored version.
 */
export type HistoryAction = 'release' | 'rollback' | 'canary' | 'promote' | 'abort' | 'prune';

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
}

export function currentUser(): string {
  if (process.env.USER) return process.env.USER;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** Appends one entry (called under the releases lock, so lines never interleave). */
export async function appendHistory(layout: ReleasesLayout, entry: HistoryEntry): Promise<void> {
  await fs.appendFile(layout.historyFile, `${JSON.stringify(entry)}\n`, 'utf8');
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
