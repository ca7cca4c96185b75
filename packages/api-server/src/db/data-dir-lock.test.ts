import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaled } from '@kloof/test-kit/slowdown';
import { CHEAP_TEST_ENV, runEntry, startApiProcess } from '../../testing/api-process';
import { DataDirLockedError, LOCK_FILE, lockDataDir, processStartTime, type LockHolder } from './data-dir-lock';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'kloof-lock-'));

/** A pid that existed a moment ago and no longer does. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function writeLock(dir: string, holder: Partial<LockHolder>) {
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({
      command: 'node old-api',
      startedAt: '2030-01-01T00:00:00.000Z',
      hostname: os.hostname(),
      ...holder,
    }),
  );
}

describe('lock of a PGlite data folder (in one process)', () => {
  let dir: string;
  beforeEach(() => (dir = temp()));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is taken once; a second taker is refused with the folder and the holder named; release frees it', () => {
    const lock = lockDataDir(dir, 'node api-under-test');
    let refusal: unknown;
    try {
      lockDataDir(dir, 'node second');
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    const message = (refusal as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain('node api-under-test');
    expect(message).toMatch(/started \d{4}-\d{2}-\d{2}T/);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that is gone (kill -9 leaves its lock file behind)', () => {
    writeLock(dir, { pid: deadPid(), processStart: '12345' });
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse: start time differs)', () => {
    // The parent of this test runner is alive, but it is not the process that wrote this lock.
    writeLock(dir, { pid: process.ppid, processStart: '1' });
    expect(processStartTime(process.ppid)).not.toBe('1');
    lockDataDir(dir).release();
  });

  it('refuses while the holder is alive with the same start time, and takes a broken lock file', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const pid = holder.pid as number;
      writeLock(dir, { pid, processStart: processStartTime(pid) });
      expect(() => lockDataDir(dir)).toThrow(`pid ${pid} (node old-api)`);
    } finally {
      holder.kill('SIGKILL');
    }
    writeFileSync(path.join(dir, LOCK_FILE), 'not a lock');
    lockDataDir(dir).release();
  });

  it('release never removes a lock another process has taken since', () => {
    const lock = lockDataDir(dir);
    rmSync(lock.file);
    writeLock(dir, { pid: process.ppid, processStart: processStartTime(process.ppid) });
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});

// Real processes on a real data folder: PGlite only (PostgreSQL takes no lock).
const onPglite = process.env.DATABASE_URL ? describe.skip : describe;

onPglite('one writer per data folder (real processes)', () => {
  const dir = temp();
  const env = { DATA_DIR: dir, ...CHEAP_TEST_ENV };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'first start on an empty folder succeeds; a second API, the seed and migrate refuse at once; after kill -9 a restart recovers',
    async () => {
      // The first start runs initdb: on a busy 2-core machine that outlasts Fastify's 10 s plugin timeout.
      const first = await startApiProcess(env, scaled(240_000));
      const holder = first.child.pid as number;
      try {
        expect((await fetch(`${first.url}/v1/health`)).status).toBe(200);

        for (const entry of ['src/main.ts', 'src/cli/seed.ts', 'src/cli/migrate.ts']) {
          const second = runEntry(entry, env);
          const { code } = await second.exited;
          expect(code).toBe(1);
          const said = second.output();
          expect(said).toContain(`The database folder ${dir} is in use by another process: pid ${holder}`);
          expect(said).toContain('src/main.ts'); // the holder's command
          expect(said).not.toContain('    at '); // one clear message, no stack
        }
        expect((await fetch(`${first.url}/v1/health`)).status).toBe(200);
      } finally {
        first.child.kill('SIGKILL');
        await first.exited;
      }

      expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true); // left behind by kill -9
      const again = await startApiProcess(env, scaled(120_000));
      try {
        expect((await fetch(`${again.url}/v1/health`)).status).toBe(200);
        expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(again.child.pid);
      } finally {
        again.child.kill('SIGTERM');
        expect((await again.exited).code).toBe(0);
      }
      expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false); // a clean stop releases it
    },
    scaled(480_000),
  );
});
