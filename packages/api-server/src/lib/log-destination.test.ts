import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { scaled } from '@kloof/test-kit/slowdown';

const apiDir = path.resolve(import.meta.dirname, '..', '..');

/** A process logging through batchedStdout: one line, then a second and an exit when asked. */
function logger(exitAfter: boolean): ChildProcess {
  const script = [
    "import pino from 'pino';",
    "import { batchedStdout } from './src/lib/log-destination.ts';",
    'const log = pino(batchedStdout());',
    "log.info('first line');",
    exitAfter ? "log.info('last words'); process.exit(0);" : 'setInterval(() => {}, 1000);',
  ].join('\n');
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

describe('the API log on standard output, written in batches', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  it('shows a lone line soon, without waiting for its batch to fill or the process to end', async () => {
    child = logger(false);
    const running = child;
    let out = '';
    const seen = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), scaled(10_000));
      running.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('first line')) {
          clearTimeout(timer);
          resolve(running.exitCode === null);
        }
      });
    });
    expect(seen).toBe(true);
    expect(JSON.parse(out.trim().split('\n')[0]!)).toMatchObject({ level: 30, msg: 'first line' });
  });

  it('writes what is pending when the process exits', async () => {
    child = logger(true);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child!.on('close', resolve));
    expect(code).toBe(0);
    expect(
      out
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(['first line', 'last words']);
  });
});

describe('the API log in a file (LOG_FILE), rotated by size', () => {
  it('keeps the newest lines in the file and LOG_FILE_KEEP rotated ones, the oldest deleted, none lost between', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-log-'));
    const file = path.join(dir, 'api.log');
    try {
      const script = [
        "import pino from 'pino';",
        "import { rotatingFile } from './src/lib/log-destination.ts';",
        `const log = pino({}, rotatingFile(${JSON.stringify(file)}, 10_000, 2));`,
        "for (let i = 0; i < 1000; i += 1) log.info({ i }, 'line');",
        'process.exit(0);',
      ].join('\n');
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: apiDir,
        timeout: scaled(30_000),
      });
      expect(run.status).toBe(0);
      expect([file, `${file}.1`, `${file}.2`].map((f) => existsSync(f))).toEqual([true, true, true]);
      expect(existsSync(`${file}.3`)).toBe(false);
      const numbers = (f: string) =>
        readFileSync(f, 'utf8')
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as { i: number }).i);
      const kept = [`${file}.2`, `${file}.1`, file].flatMap(numbers);
      // A run of the newest lines, oldest first, ending with the last one written.
      expect(kept.at(-1)).toBe(999);
      expect(kept).toEqual(kept.map((_, n) => 999 - (kept.length - 1) + n));
      expect(kept.length).toBeLessThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
