#!/usr/bin/env node
// Every test of the product, in order: lint, typecheck, unit + API (PGlite), API on PostgreSQL,
// production build, browser tests. Ends with the one line CI reads: `tests: N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endedChildrenCpuSeconds } from './children-cpu.js';
import { flakyLine, jestCounts, playwrightCounts, summaryLine } from './counts.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
// Everything the tests put in the temp folder (servers' data, builds, browser profiles) goes into one
// folder of this run, removed when the run passes: runs no longer pile up gigabytes in /tmp.
// 0711: other users (the postgres user of a test cluster) may pass through, nobody may list it.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-tests-'));
const reports = path.join(work, 'reports');
const tmp = path.join(work, 'tmp');
for (const dir of [reports, tmp]) fs.mkdirSync(dir);
for (const dir of [work, tmp]) fs.chmodSync(dir, 0o711);
process.env.TMPDIR = tmp;
const parts = [];
let broken = false;

/** ` (CPU n s)`: user + system time of a step's processes since `before`, where /proc tells it. */
function cpuSince(before) {
  const after = endedChildrenCpuSeconds();
  return before === null || after === null ? '' : ` (CPU ${(after - before).toFixed(1)} s)`;
}

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const cpuBefore = endedChildrenCpuSeconds();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpuSince(cpuBefore)}`,
  );
  return result.status ?? 1;
}

function step(label, command, args, env) {
  if (run(label, command, args, env) !== 0) {
    broken = true;
    parts.push({ passed: 0, failed: 1 });
  }
}

// Jest's cache outside this run's temp folder: it holds each file's last duration, and Jest starts the
// slowest files first only when it knows them (without, it orders by file size and a long file can
// start last, with the other worker idle), besides the compiled sources and the file map.
const jestCache = path.join(root, 'node_modules', '.cache', 'jest');

function jest(label, file, args, wrapper = []) {
  const outputFile = path.join(reports, file);
  const jestBin = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const [command, ...rest] = [
    ...wrapper,
    process.execPath,
    '--experimental-vm-modules',
    jestBin,
    '--json',
    `--outputFile=${outputFile}`,
    `--cacheDirectory=${jestCache}`,
    ...args,
  ];
  const status = run(label, command, rest);
  if (!fs.existsSync(outputFile)) {
    broken = true;
    parts.push({ passed: 0, failed: 1 });
    return;
  }
  parts.push(jestCounts(JSON.parse(fs.readFileSync(outputFile, 'utf8'))));
  if (status !== 0 && parts.at(-1).failed === 0) parts.at(-1).failed = 1;
}

function hasChromium() {
  return fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
}

/**
 * Steps that each keep one core busy (ESLint, tsc), run side by side; each one's output is shown
 * whole when it ends, so the log reads as if they had run one after the other.
 */
async function stepsSideBySide(steps) {
  const cpuBefore = endedChildrenCpuSeconds();
  const results = await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (status) =>
            resolve({ label, command, args, status: status ?? 1, output, seconds: (Date.now() - started) / 1000 }),
          );
        }),
    ),
  );
  for (const { label, command, args, status, output, seconds } of results) {
    console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(output));
    console.log(`=== ${label}: exit ${status} in ${seconds.toFixed(1)} s (side by side)`);
    if (status !== 0) {
      broken = true;
      parts.push({ passed: 0, failed: 1 });
    }
  }
  console.log(`=== ${steps.map(({ label }) => label).join(', ')}: together${cpuSince(cpuBefore)}`);
}

// ESLint and Prettier as steps of their own: run one after the other, Prettier waited for ESLint with
// one core idle. tsc, ESLint and Prettier keep what they checked (node_modules/.cache): a second run
// rechecks what changed and what depends on it. The production build (for the browser tests) runs
// beside them: it writes only the apps' dist/, which none of the three reads (ignored or not included).
await stepsSideBySide([
  { label: 'lint (ESLint)', command: 'pnpm', args: ['lint:code'] },
  { label: 'lint (Prettier)', command: 'pnpm', args: ['lint:format'] },
  { label: 'typecheck', command: 'pnpm', args: ['typecheck'] },
  { label: 'production build', command: 'pnpm', args: ['build'] },
]);
// Jest's default on two cores is one worker; these tests spend much of their time waiting (timers,
// child processes), so both cores stay busy with two. The PostgreSQL run too: its files share one
// cluster, each Jest worker in a database of its own (api-server's testing/worker-database.ts).
// The object-storage tests run Ceph's S3 gateway: Debian's packages, installed here when root.
const CEPH = ['/usr/bin/radosgw', '/usr/bin/ceph-mon', '/usr/bin/ceph-osd'];
if (!CEPH.every((binary) => fs.existsSync(binary)) && process.getuid?.() === 0) {
  step('install Debian Ceph (radosgw)', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends radosgw ceph-mon ceph-osd',
  ]);
}
// The metrics test scrapes the API and the web server with a real Prometheus: Debian's, installed here when root.
if (!fs.existsSync('/usr/bin/prometheus') && process.getuid?.() === 0) {
  step('install Debian Prometheus', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus',
  ]);
}
jest('unit and API tests (PGlite)', 'jest.json', ['--ci', '--maxWorkers=2']);
if (process.env.CI || process.env.TEST_POSTGRES === '1') {
  jest(
    'API tests (PostgreSQL)',
    'jest-pg.json',
    ['--ci', '--maxWorkers=2', '--selectProjects', 'api-server', 'backup'],
    ['bash', 'packages/api-server/scripts/with-postgres.sh'],
  );
}
if (!hasChromium() && process.getuid?.() === 0) {
  step('install Debian Chromium', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}
/** One Playwright run, counted from its JSON report. */
function playwright(label, file, config) {
  const outputFile = path.join(reports, file);
  const status = run(label, 'pnpm', ['exec', 'playwright', 'test', '-c', config], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
  });
  if (fs.existsSync(outputFile)) parts.push(playwrightCounts(JSON.parse(fs.readFileSync(outputFile, 'utf8'))));
  else parts.push({ passed: 0, failed: 1 });
  if (status !== 0 && parts.at(-1).failed === 0) parts.at(-1).failed = 1;
}

if (hasChromium()) {
  playwright('browser tests', 'playwright.json', 'packages/test-kit/playwright.config.ts');
  // After the browser tests, alone: they start `pnpm dev` and `pnpm serve` themselves.
  playwright(
    'workflow tests (pnpm dev, Ctrl-C)',
    'playwright-workflow.json',
    'packages/test-kit/playwright.workflow.config.ts',
  );
} else {
  console.error(
    'Chromium is missing at /usr/bin/chromium and cannot be installed without root: browser tests not run.',
  );
  parts.push({ passed: 0, failed: 1 });
}

const line = summaryLine(parts);
const failed = broken || parts.some((p) => p.failed > 0);
const flaky = flakyLine(parts);
if (failed) console.log(`This run's temporary files are kept for a look: ${work}`);
else fs.rmSync(work, { recursive: true, force: true });
if (flaky) console.log(flaky);
console.log(line);
process.exit(failed ? 1 : 0);
