import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { scaled } from '@kloof/test-kit/slowdown';
import { freePort } from '@kloof/test-kit/e2e/workspace-command';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/** Where `redis-server` is; null when this machine has none. */
export function redisBinary(): string | null {
  for (const candidate of ['/usr/bin/redis-server', '/usr/local/bin/redis-server']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || null : null;
}

async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/**
 * A Redis for one test file: REDIS_URL when given, otherwise a throwaway `redis-server` (Debian's
 * package; .ci/run installs it) on a free loopback port, with nothing written to disk.
 * null when neither exists, so a machine without Redis skips these tests and says so.
 */
export async function startRedis(): Promise<TestRedis | null> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => undefined };
  return startOwnRedis();
}

/**
 * A throwaway `redis-server` of the test's own, which it may stop (on `port` to start one again
 * where the stopped one was); null without the binary.
 */
export async function startOwnRedis(port?: number): Promise<TestRedis | null> {
  const binary = redisBinary();
  if (!binary) return null;
  port ??= await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + scaled(10_000);
  while (!(await answersPing(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
