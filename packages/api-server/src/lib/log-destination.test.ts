import { spawn, type ChildProcess } from 'node:child_process';
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
