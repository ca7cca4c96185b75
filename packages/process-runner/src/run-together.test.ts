import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { scaled } from '@kloof/test-kit/slowdown';

const runTogetherUrl = new URL('./run-together.js', import.meta.url).href;

/** A throwaway workspace with one package whose scripts are the parts under test. */
function workspace(scripts: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-runner-'));
  fs.mkdirSync(path.join(root, 'part'));
  fs.writeFileSync(path.join(root, 'part', 'package.json'), JSON.stringify({ scripts }));
  // Exits with code 1 on its first two runs (counted in a file), then stays up like a server.
  fs.writeFileSync(
    path.join(root, 'part', 'crashy.js'),
    `const fs = require('node:fs');
     const runs = Number(fs.existsSync('runs') ? fs.readFileSync('runs', 'utf8') : 0) + 1;
     fs.writeFileSync('runs', String(runs));
     console.log('crashy run ' + runs);
     if (runs <= 2) process.exit(1);
     setInterval(() => {}, 1000);`,
  );
  fs.writeFileSync(
    path.join(root, 'part', 'steady.js'),
    `console.log('steady up as ' + process.pid); setInterval(() => {}, 1000);`,
  );
  // With SPARE set: a spare that says it stands by (IPC) and starts when told; without: starts at once.
  fs.writeFileSync(
    path.join(root, 'part', 'spare.js'),
    `const up = (as) => { console.log('up as ' + as + ' ' + process.pid); setInterval(() => {}, 1000); };
     if (!process.env.SPARE) up('cold');
     else {
       process.on('message', (message) => message === 'start' && up('spare'));
       console.log('standing by ' + process.pid);
       process.send('standing-by');
     }`,
  );
  fs.writeFileSync(path.join(root, 'part', 'broken.js'), `console.error('bad configuration'); process.exit(3);`);
  return root;
}

/** runTogether in a process of its own (it owns the signals), with a fast restart policy. */
interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runner(
  root: string,
  parts: { name: string; dir: string; script: string; spareEnv?: Record<string, string> }[],
): Run {
  const policy = { firstDelayMs: 50, maxDelayMs: 200, healthyAfterMs: 60_000, maxQuickFailures: 3 };
  const code = `const { runTogether } = await import(${JSON.stringify(runTogetherUrl)});
    process.exitCode = await runTogether(${JSON.stringify(root)}, ${JSON.stringify(parts)}, ${JSON.stringify(policy)});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
  return { child, output: () => output, exited };
}

async function until(condition: () => boolean, what: string, timeoutMs = scaled(15_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const started: Run[] = [];
afterEach(() => {
  for (const run of started.splice(0)) run.child.kill('SIGKILL');
});

describe('running the parts side by side', () => {
  it('starts a part that stopped on its own again, says why, and leaves the other parts running', async () => {
    const root = workspace({ crashy: 'node crashy.js', steady: 'node steady.js' });
    const run = runner(root, [
      { name: 'api', dir: 'part', script: 'crashy' },
      { name: 'web', dir: 'part', script: 'steady' },
    ]);
    started.push(run);

    await until(() => run.output().includes('crashy run 3'), 'the third run of the crashing part');
    expect(run.output()).toContain('[api] stopped on its own (exit code 1); starting it again at once (restart 1)');
    expect(run.output()).toContain('[api] stopped on its own (exit code 1); starting it again in 0.05 s (restart 2)');
    // The web server was never stopped or started again.
    expect(run.output().match(/steady up as/g)).toHaveLength(1);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('starts the loaded spare of a part killed with kill -9 in its place, then keeps a new spare', async () => {
    const root = workspace({ spare: 'node spare.js' });
    const run = runner(root, [{ name: 'api', dir: 'part', script: 'spare', spareEnv: { SPARE: '1' } }]);
    started.push(run);
    const pids = (pattern: RegExp) => [...run.output().matchAll(pattern)].map((m) => Number(m[1]));

    await until(
      () => pids(/up as cold (\d+)/g).length === 1 && pids(/standing by (\d+)/g).length === 1,
      'a part and its spare',
    );
    const [cold] = pids(/up as cold (\d+)/g);
    const [spare] = pids(/standing by (\d+)/g);
    process.kill(cold!, 'SIGKILL');

    await until(() => pids(/up as spare (\d+)/g).length === 1, 'the spare taking over');
    expect(pids(/up as spare (\d+)/g)).toEqual([spare]);
    expect(run.output()).toContain('[api] its spare takes over');
    await until(() => pids(/standing by (\d+)/g).length === 2, 'a new spare');
    expect(pids(/up as cold (\d+)/g)).toHaveLength(1); // no cold start

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('gives up on a part that cannot stay up, stops the others and exits 1', async () => {
    const root = workspace({ broken: 'node broken.js', steady: 'node steady.js' });
    const run = runner(root, [
      { name: 'api', dir: 'part', script: 'broken' },
      { name: 'web', dir: 'part', script: 'steady' },
    ]);
    started.push(run);

    expect(await run.exited).toBe(1);
    // The first run and three restarts (maxQuickFailures), then no more.
    expect(run.output().match(/bad configuration/g)).toHaveLength(4);
    expect(run.output()).toContain(
      '[api] stopped on its own (exit code 3) 4 times in a row; giving up and stopping the others',
    );
  });
});
