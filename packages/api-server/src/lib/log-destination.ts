import { existsSync, mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';

/** Log lines gathered before a write, and the longest a line waits for its batch to fill. */
export const LOG_BATCH_BYTES = 4096;
export const LOG_FLUSH_MS = 100;

/**
 * Standard output for the API's log, written in batches: one write per 4 KB of lines (about 20
 * request lines) or every 100 ms, whichever comes first, instead of one write per line (a write
 * per request was 12% of a cached GET's CPU in the profile). What is pending is written
 * synchronously when the process exits (pino registers that), so only a kill -9 can lose lines:
 * at most the last 100 ms.
 */
export function batchedStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/**
 * The API's log in a file (LOG_FILE), rotated by size: once `maxBytes` are written it becomes
 * `<file>.1` (the one before `<file>.2` ... up to `<file>.<keep>`, the oldest dropped) and a new
 * file starts. Written in batches like standard output; the open file is renamed, then a new one
 * opened, so a line still in its batch goes to the file it was written to and none is lost.
 */
export function rotatingFile(file: string, maxBytes: number, keep: number): pino.DestinationStream {
  mkdirSync(path.dirname(file), { recursive: true });
  // Opened here, not by the destination (it would open later): ready for a rotation or an exit at once.
  const open = () =>
    pino.destination({
      dest: openSync(file, 'a', 0o600),
      sync: false,
      minLength: LOG_BATCH_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    });
  let dest = open();
  let size = statSync(file).size;
  const rotate = () => {
    for (let n = keep - 1; n >= 1; n -= 1) {
      if (existsSync(`${file}.${n}`)) renameSync(`${file}.${n}`, `${file}.${n + 1}`);
    }
    renameSync(file, `${file}.1`);
    const rotated = dest;
    dest = open();
    rotated.end();
    size = 0;
  };
  return {
    write(line: string) {
      dest.write(line);
      size += Buffer.byteLength(line);
      if (size >= maxBytes) rotate();
    },
  };
}
