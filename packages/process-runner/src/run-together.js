// @ts-check
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { styleText } from 'node:util';
import { afterExit, DEFAULT_POLICY } from './restart-policy.js';

/**
 * Runs several package scripts side by side with prefixed output, as `pnpm start`, `pnpm serve` and
 * `pnpm dev` do, and stops them the way a terminal would stop each one alone.
 *
 * Why not concurrently over `pnpm --filter`: on Ctrl-C every layer of that chain (pnpm, its shell,
 * tsx's signal relay) received the signal too, second-guessed it and reported the planned stop as
 * a failure ("Command failed with signal SIGINT", ELIFECYCLE). Here each script runs in its own
 * process group straight from its package.json (no pnpm layer, `exec` replaces the shell), gets
 * exactly one signal, and an exit after a stop was asked for is the expected one, not an error.
 *
 * A part that stops on its own (a crash, kill -9, an out-of-memory kill) is started again with
 * back-off (restart-policy.js), and the log says why; the others keep running, so the web server
 * keeps serving the public pages while the API comes back. Only a part that cannot stay up gives
 * up, and then everything stops with exit code 1.
 */

/**
 * @typedef {object} Part
 * @property {string} name  prefix of its output lines
 * @property {string} dir  package folder, relative to the repository root
 * @property {string} script  the package.json script to run
 * @property {Record<string, string>} [env]
 * @property {Record<string, string>} [spareEnv]  a part that can wait as a spare: one more copy runs
 *   beside it with these variables added and an IPC channel; it loads, sends 'standing-by' and idles
 *   until sent 'start'. When the part stops on its own, a spare that stands by is started in its
 *   place (after the back-off, as a new start would be), so a crash costs no cold start; then a new
 *   spare is started
 */

/** Longest a stop may take: the API drains requests for up to 10 s, then closes its database. */
const STOP_BUDGET_MS = 20_000;
const COLORS = /** @type {const} */ (['cyan', 'magenta', 'green', 'yellow', 'blue', 'red']);

/**
 * @param {string} root  repository root
 * @param {readonly Part[]} parts
 * @param {import('./restart-policy.js').RestartPolicy} [policy]
 * @returns {Promise<number>} exit code: 0 after a requested stop, 1 when a part could not be kept running
 */
export function runTogether(root, parts, policy = DEFAULT_POLICY) {
  const width = Math.max(...parts.map((p) => p.name.length));
  const colorful = Boolean(process.stdout.isTTY);
  /** @type {Map<Part, import('node:child_process').ChildProcess>} */
  const running = new Map();
  /** Each part's spare (parts with `spareEnv`), and those that said they stand by. */
  /** @type {Map<Part, import('node:child_process').ChildProcess>} */
  const spares = new Map();
  /** @type {WeakSet<import('node:child_process').ChildProcess>} */
  const standingBy = new WeakSet();
  /** Restarts waiting for their back-off to pass. */
  /** @type {Set<NodeJS.Timeout>} */
  const pendingRestarts = new Set();
  let stopping = false;
  let failed = false;

  /** @param {Part} part @param {number} index @param {string} line */
  const print = (part, index, line) => {
    const label = `[${part.name.padEnd(width)}]`;
    process.stdout.write(`${colorful ? styleText(COLORS[index % COLORS.length] ?? 'white', label) : label} ${line}\n`);
  };

  /** @param {NodeJS.Signals} signal */
  const signalAll = (signal) => {
    for (const child of [...running.values(), ...spares.values()]) {
      // The whole group, as a terminal does: a tool's own helpers stop with it.
      if (child.pid) tryKill(-child.pid, signal);
    }
  };

  return new Promise((resolve) => {
    const settleIfDone = () => {
      if (stopping && running.size === 0 && spares.size === 0) resolve(failed ? 1 : 0);
    };
    /** @param {NodeJS.Signals} signal */
    const stop = (signal) => {
      if (stopping) return; // pnpm passes Ctrl-C on as a second SIGINT: one stop is enough.
      stopping = true;
      for (const timer of pendingRestarts) clearTimeout(timer);
      pendingRestarts.clear();
      signalAll(signal);
      setTimeout(() => {
        for (const [part] of running)
          console.error(`${part.name} did not stop within ${STOP_BUDGET_MS / 1000} s; killed`);
        failed = true;
        signalAll('SIGKILL');
      }, STOP_BUDGET_MS).unref();
      settleIfDone();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    process.on('SIGHUP', stop);
    // Never leave a server behind, whatever ends this process.
    process.on('exit', () => signalAll('SIGKILL'));

    /** @param {Part} part @param {number} index @param {Record<string, string>} [spareEnv] */
    const spawnPart = (part, index, spareEnv) => {
      const dir = path.join(root, part.dir);
      const command = readScript(dir, part.script);
      const child = spawn('/bin/sh', ['-c', `exec ${command}`], {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe', ...(spareEnv ? /** @type {const} */ (['ipc']) : [])],
        env: {
          ...(colorful ? { FORCE_COLOR: '1' } : {}),
          ...process.env,
          ...part.env,
          ...spareEnv,
          PATH: [
            path.join(dir, 'node_modules', '.bin'),
            path.join(root, 'node_modules', '.bin'),
            process.env.PATH,
          ].join(path.delimiter),
        },
      });
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream?.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) print(part, index, line);
        });
        stream?.on('end', () => pending && print(part, index, pending));
      }
      return child;
    };

    /** A spare for `part` unless one is waiting; a spare that stops on its own is not replaced until the part's next start. */
    /** @param {Part} part @param {number} index */
    const keepSpare = (part, index) => {
      if (!part.spareEnv || spares.has(part) || stopping) return;
      const spare = spawnPart(part, index, part.spareEnv);
      spares.set(part, spare);
      spare.on('message', (message) => message === 'standing-by' && standingBy.add(spare));
      spare.on('close', (code, signal) => {
        if (spares.get(part) !== spare) return; // promoted: its end is the running part's
        spares.delete(part);
        if (stopping) return settleIfDone();
        print(part, index, `spare stopped on its own (${signal ?? `exit code ${code}`}); the next restart starts cold`);
      });
    };

    /**
     * @param {Part} part @param {number} index @param {import('./restart-policy.js').RestartState} state
     * @param {import('node:child_process').ChildProcess} [spare]  a loaded spare to start instead of a new process
     */
    const start = (part, index, state, spare) => {
      const startedAt = Date.now();
      const child = spare ?? spawnPart(part, index);
      if (spare) {
        print(part, index, 'its spare takes over');
        spare.send('start');
      }
      running.set(part, child);
      keepSpare(part, index);
      // 'close', not 'exit': its last lines are printed before this process may end.
      child.on('close', (code, signal) => {
        running.delete(part);
        if (stopping) return settleIfDone();
        const why = signal ?? `exit code ${code}`;
        const next = afterExit(state, Date.now() - startedAt, policy);
        if (next.action === 'give-up') {
          failed = true;
          print(
            part,
            index,
            `stopped on its own (${why}) ${next.state.quickFailures} times in a row; giving up and stopping the others`,
          );
          return stop('SIGTERM');
        }
        const when = next.delayMs === 0 ? 'at once' : `in ${next.delayMs / 1000} s`;
        print(
          part,
          index,
          `stopped on its own (${why}); starting it again ${when} (restart ${next.state.quickFailures})`,
        );
        const timer = setTimeout(() => {
          pendingRestarts.delete(timer);
          if (stopping) return;
          // A spare still loading stays the spare; this start is a cold one.
          const spare = spares.get(part);
          if (spare && standingBy.has(spare)) spares.delete(part);
          start(part, index, next.state, spare && standingBy.has(spare) ? spare : undefined);
        }, next.delayMs);
        pendingRestarts.add(timer);
      });
    };

    parts.forEach((part, index) => start(part, index, { quickFailures: 0 }));
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
