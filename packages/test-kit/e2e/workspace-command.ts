import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { scaled } from '../slowdown.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** A root `pnpm <script>` started the way a developer starts it in a terminal, with its output kept. */
export interface WorkspaceCommand {
  /** Everything it printed so far (stdout and stderr, in order). */
  output(): string;
  /** Ctrl-C as a terminal sends it (SIGINT to the whole process group); resolves with the exit code. */
  interrupt(): Promise<number | null>;
  /**
   * Makes sure nothing of it is left running (after a failed test): Ctrl-C first, since the parts
   * run in process groups of their own that only their launcher can stop; SIGKILL as a last resort.
   */
  stop(): Promise<void>;
}

/** `pnpm <args>` in its own process group at the repository root, like a terminal's foreground job. */
export function startWorkspaceCommand(args: string[], env: Record<string, string>): WorkspaceCommand {
  const child: ChildProcess = spawn('pnpm', args, {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return {
    output: () => text,
    async interrupt() {
      signalGroup('SIGINT');
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`pnpm ${args.join(' ')} did not stop after Ctrl-C`)), scaled(30_000)).unref(),
      );
      return Promise.race([exited, timeout]);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup('SIGINT');
      const gaveUp = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), scaled(30_000)).unref()),
      ]);
      if (gaveUp) signalGroup('SIGKILL');
    },
  };
}

/** Polls until every URL answers 2xx; fails with what the command printed if it gives up or exits. */
export async function waitForUrls(urls: string[], command: WorkspaceCommand, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size > 0) {
    for (const url of [...pending]) {
      const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) pending.delete(url);
    }
    if (pending.size === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`Not ready: ${[...pending].join(', ')}\n--- output ---\n${command.output().slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether a TCP port on localhost can be listened on (nothing holds it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now, chosen by the operating system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Output lines that would alarm someone who just pressed Ctrl-C on a healthy product. */
export function alarmingLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /\bERR|ELIFECYCLE|[Ff]ailed|exited with code|did not stop|killed/.test(line));
}
