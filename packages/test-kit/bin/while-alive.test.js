import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { scaled } from '../slowdown.js';

const wrapper = path.join(import.meta.dirname, 'while-alive.js');
/** A stand-in server: prints its pid, then runs until stopped. */
const server = `${process.execPath} -e "console.log('pid=' + process.pid); setInterval(() => {}, 1000)"`;

/** @type {import('node:child_process').ChildProcess[]} */
const started = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function alive(/** @type {number} */ pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(/** @type {string} */ what, /** @type {() => boolean} */ check) {
  const deadline = Date.now() + scaled(15_000);
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The wrapper started as Playwright starts a web server: its own process group, output piped. */
function startWrapped(/** @type {number | string} */ watched, /** @type {string} */ command) {
  const child = spawn(process.execPath, [wrapper, String(watched), command], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('a test server tied to the test runner', () => {
  it('stops with its whole process group once the runner is killed outright', async () => {
    const runner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    started.push(runner);
    const wrapped = startWrapped(/** @type {number} */ (runner.pid), server);
    await until('the server runs', () => /pid=\d+/.test(wrapped.output()));
    const serverPid = Number(/pid=(\d+)/.exec(wrapped.output())?.[1]);

    runner.kill('SIGKILL');
    await until('the server is gone', () => !alive(serverPid));
    await wrapped.exited;
  });

  it('runs the command untouched while the runner lives, and passes on its exit code', async () => {
    const wrapped = startWrapped(process.pid, `${process.execPath} -e "process.exit(7)"`);
    expect(await wrapped.exited).toBe(7);
  });

  it('refuses to run without a pid to watch', async () => {
    const wrapped = startWrapped('nobody', server);
    expect(await wrapped.exited).toBe(2);
  });
});
