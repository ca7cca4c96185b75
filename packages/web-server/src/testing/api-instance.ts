import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiServerEnv } from '@kloof/test-kit/e2e/environment';
import { scaled } from '@kloof/test-kit/slowdown';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The first port of [from, to] free on loopback (tests keep to the ports they were given). */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Polls until `check` holds (never a fixed sleep); fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = scaled(30_000)) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A real API process (packages/api-server, as `pnpm start` runs it) on its own PGlite folder. */
export class ApiInstance {
  private child: ChildProcess | null = null;
  /** Everything it wrote to stdout and stderr (JSON log lines). */
  output = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(port: number, env: Record<string, string> = {}): Promise<ApiInstance> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-web-api-'));
    const api = new ApiInstance(port, dataDir, env);
    await api.restart();
    return api;
  }

  /** Starts the process (again, on the same port and data) and waits until /v1/health answers 200. */
  async restart(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/api-server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...apiServerEnv(),
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await waitFor(
      `the API on ${this.port} to answer /v1/health`,
      async () => {
        if (child.exitCode !== null) throw new Error(`the API on ${this.port} exited:\n${this.output}`);
        return (await fetch(`${this.origin}/v1/health`).catch(() => null))?.status === 200;
      },
      scaled(90_000),
    );
  }

  /** kill -9: no drain, no goodbye; resolves once the process is gone. */
  async crash(): Promise<void> {
    await this.signal('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  async remove(): Promise<void> {
    await this.stop();
    await fs.rm(this.dataDir, { recursive: true, force: true });
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
