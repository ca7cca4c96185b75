import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One writer per embedded database. PGlite has no lock of its own: two processes on one data
 * folder both start and corrupt it. The API, the seed and the migrate CLI take this lock before
 * opening the folder; a second one refuses at once, naming the process that holds it.
 *
 * Why not proper-lockfile: its staleness is an mtime heartbeat, and PGlite runs Postgres as
 * WebAssembly on the main thread, so a long initdb or query blocks the heartbeat and the lock is
 * declared stale (or compromised) while its holder is alive. Kernel locks (flock) need a native
 * addon. So the lock names its holder by pid plus the kernel's start time of that pid: a holder
 * that is gone (kill -9), or a pid reused by another process, is recognised at once and the
 * lock is taken over without waiting.
 */

export const LOCK_FILE = 'kloof.lock';

/** Lock files this process holds: a second open in the same process is refused like any other. */
const heldHere = new Set<string>();

export interface LockHolder {
  pid: number;
  /** How the holder was started (argv), for the message. */
  command: string;
  /** ISO time the holder took the lock. */
  startedAt: string;
  hostname: string;
  /** Start time of the pid in clock ticks since boot (Linux /proc), to tell a reused pid apart. */
  processStart: string | null;
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holder: LockHolder,
  ) {
    super(
      `The database folder ${dataDir} is in use by another process: pid ${holder.pid} ` +
        `(${holder.command}), started ${holder.startedAt}${holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`}. ` +
        `Only one API, seed or migrate may open an embedded database at a time: stop that process first ` +
        `(or use PostgreSQL with DATABASE_URL to run several API instances).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Kernel start time of a pid (field 22 of /proc/<pid>/stat), or null where /proc is not available. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock whose holder is certainly gone: dead pid, or the pid now belongs to another process (or to us). */
export function isStale(holder: LockHolder, file: string): boolean {
  if (holder.hostname !== os.hostname()) return false; // cannot see that machine's processes
  if (holder.pid === process.pid) return !heldHere.has(file); // not ours: an earlier process had our pid
  if (!isAlive(holder.pid)) return true;
  const start = processStartTime(holder.pid);
  return holder.processStart !== null && start !== null && start !== holder.processStart;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      command: String(parsed.command ?? 'unknown command'),
      startedAt: String(parsed.startedAt ?? 'at an unknown time'),
      hostname: String(parsed.hostname ?? os.hostname()),
      processStart: typeof parsed.processStart === 'string' ? parsed.processStart : null,
    };
  } catch {
    return null; // not a lock we wrote: a broken lock file, taken over like a stale one
  }
}

/** The lock's exact bytes: pid, start times and a nonce make every lock file's content unique. */
function contentOf(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Takes the lock of a PGlite data folder (creating the folder) or throws DataDirLockedError.
 * Creation is atomic (link of a complete file: the lock never exists half written); a stale lock is
 * moved aside by rename and checked to be the very file judged stale (same bytes; each lock carries
 * a nonce) before the folder is taken.
 */
export function lockDataDir(
  dataDir: string,
  command = [path.basename(process.argv0), ...process.argv.slice(1)].join(' '),
): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    command: command || process.argv0,
    startedAt: new Date().toISOString(),
    hostname: os.hostname(),
    processStart: processStartTime(process.pid),
  };
  const unique = () => `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const tmp = unique();
  const mine = JSON.stringify({ ...me, nonce: randomBytes(8).toString('hex') });
  fs.writeFileSync(tmp, mine, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        fs.linkSync(tmp, file);
        heldHere.add(file);
        let released = false;
        return {
          file,
          release() {
            if (released) return;
            released = true;
            heldHere.delete(file);
            // Only remove the file we created (never one that replaced it).
            if (contentOf(file) === mine) fs.rmSync(file, { force: true });
          },
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = contentOf(file);
      if (seen === null) continue; // released between our link and our read: try again
      const holder = parseHolder(seen);
      if (holder && !isStale(holder, file)) throw new DataDirLockedError(dataDir, holder);
      // Stale: move it aside, then make sure what we moved is the file we judged.
      const aside = unique();
      try {
        fs.renameSync(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      if (contentOf(aside) !== seen) {
        // Another process took the folder over in between: put its lock back and look again.
        try {
          fs.linkSync(aside, file);
        } catch {
          /* a third process holds it now; the next round reports whoever that is */
        }
      }
      fs.rmSync(aside, { force: true });
    }
    throw new Error(`Could not take the lock of ${dataDir} (${file}): it keeps changing hands`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
