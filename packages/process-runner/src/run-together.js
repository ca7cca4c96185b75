// @ts-check
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { styleText } from 'node:util';

/**
 * Runs several package scripts side by side with prefixed output, as `pnpm start`, `pnpm serve` and
 * `pnpm dev` do, and stops them the way a terminal would stop each one alone.
 *
 * Why not concurrently over `pnpm --filter`: on Ctrl-C every layer of that chain (pnpm, its shell,
 * tsx's signal relay) received the signal too, second-guessed it and reported the planned stop as
 * a failure ("Command failed with signal SIGINT", ELIFECYCLE). Here each script runs in its own
 * process group straight from its package.json (no pnpm layer, `exec` replaces the shell), gets
 * exactly one signal, and an exit after a stop was asked for is the expected one, not an error.
 */

/**
 * @typedef {object} Part
 * @property {string} name  prefix of its output lines
 * @property {string} dir  package folder, relative to the repository root
 * @property {string} script  the package.json script to run
 * @property {Record<string, string>} [env]
 */

/** Longest a stop may take: the API drains requests for up to 10 s, then closes its database. */
const STOP_BUDGET_MS = 20_000;
const COLORS = /** @type {const} */ (['cyan', 'magenta', 'green', 'yellow', 'blue', 'red']);

/**
 * @param {string} root  repository root
 * @param {readonly Part[]} parts
 * @returns {Promise<number>} exit code: 0 after a requested stop, 1 when a part failed
 */
export function runTogether(root, parts) {
  const width = Math.max(...parts.map((p) => p.name.length));
  const colorful = Boolean(process.stdout.isTTY);
  /** @type {Map<Part, import('node:child_process').ChildProcess>} */
  const running = new Map();
  let stopping = false;
  let failed = false;

  /** @param {Part} part @param {number} index @param {string} line */
  const print = (part, index, line) => {
    const label = `[${part.name.padEnd(width)}]`;
    process.stdout.write(`${colorful ? styleText(COLORS[index % COLORS.length] ?? 'white', label) : label} ${line}\n`);
  };

  /** @param {NodeJS.Signals} signal */
  const signalAll = (signal) => {
    for (const child of running.values()) {
      // The whole group, as a terminal does: a tool's own helpers stop with it.
      if (child.pid) tryKill(-child.pid, signal);
    }
  };

  return new Promise((resolve) => {
    /** @param {NodeJS.Signals} signal */
    const stop = (signal) => {
      if (stopping) return; // pnpm passes Ctrl-C on as a second SIGINT: one stop is enough.
      stopping = true;
      signalAll(signal);
      setTimeout(() => {
        for (const [part] of running)
          console.error(`${part.name} did not stop within ${STOP_BUDGET_MS / 1000} s; killed`);
        failed = true;
        signalAll('SIGKILL');
      }, STOP_BUDGET_MS).unref();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    process.on('SIGHUP', stop);
    // Never leave a server behind, whatever ends this process.
    process.on('exit', () => signalAll('SIGKILL'));

    parts.forEach((part, index) => {
      const dir = path.join(root, part.dir);
      const command = readScript(dir, part.script);
      const child = spawn('/bin/sh', ['-c', `exec ${command}`], {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...(colorful ? { FORCE_COLOR: '1' } : {}),
          ...process.env,
          ...part.env,
          PATH: [
            path.join(dir, 'node_modules', '.bin'),
            path.join(root, 'node_modules', '.bin'),
            process.env.PATH,
          ].join(path.delimiter),
        },
      });
      running.set(part, child);
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream?.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) print(part, index, line);
        });
        stream?.on('end', () => pending && print(part, index, pending));
      }
      // 'close', not 'exit': its last lines are printed before this process may end.
      child.on('close', (code, signal) => {
        running.delete(part);
        if (!stopping) {
          failed = true;
          print(part, index, `stopped on its own (${signal ?? `exit code ${code}`}); stopping the others`);
          stop('SIGTERM');
        }
        if (running.size === 0) resolve(failed ? 1 : 0);
      });
    });
  });
}

/**
 * @param {string} dir
 * @param {string} script
 */
function readScript(dir, script) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const command = pkg.scripts?.[script];
  if (typeof command !== 'string') throw new Error(`${dir}/package.json has no "${script}" script`);
  return command;
}

/**
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
function tryKill(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}
