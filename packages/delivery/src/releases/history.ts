import fs from 'node:fs/promises';
import os from 'node:os';
import type { ReleasesLayout } from './layout';

/** One change of a live pointer: the audit trail of releases and rollbacks. */
export interface HistoryEntry {
  time: string;
  app: string;
  action: 'release' | 'rollback';
  from: string | null;
  to: string;
  who: string;
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
