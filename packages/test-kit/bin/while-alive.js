#!/usr/bin/env node
// usage: node while-alive.js <pid> <command...>
//
// Runs a shell command for as long as process <pid> lives. Playwright starts its web servers in
// process groups of their own and stops them when it ends; a test run killed outright (kill -9, a
// closed terminal, CI's time limit) cannot, and its servers would keep the run's ports, so the next
// run could not start. Tied to the runner's pid, they stop within a second of it.
import { spawn } from 'node:child_process';

const POLL_MS = 500;
/** How long the command has to stop after SIGTERM (the API drains) before its group is killed. */
const GRACE_MS = 10_000;

const [watchedArg, ...command] = process.argv.slice(2);
const watched = Number(watchedArg);
if (!Number.isInteger(watched) || watched <= 0 || command.length === 0) {
  console.error('usage: node while-alive.js <pid> <command...>');
  process.exit(2);
}

/** Whether the process lives (EPERM: it does, under another user). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

// In this process's own group, which Playwright signals as a whole when it stops the server.
const child = spawn(command.join(' '), { shell: true, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));

const watch = setInterval(() => {
  if (alive(watched)) return;
  clearInterval(watch);
  // The whole group (this process, the shell and the server under it): stay to finish the job.
  process.on('SIGTERM', () => undefined);
  process.kill(0, 'SIGTERM');
  setTimeout(() => process.kill(0, 'SIGKILL'), GRACE_MS);
}, POLL_MS);
