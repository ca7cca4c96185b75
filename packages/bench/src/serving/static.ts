#!/usr/bin/env tsx
// pnpm --filter @kloof/bench bench:serving [--rounds 3] [--seconds 5] [--port 8300] [--releases <dir>] [--product <dir>]
// --releases: a releases folder already made from the last build (else the build is released into a
// throwaway one); --product: another checkout's packages/web-server (an older commit, for "before").
// The product's web server against nginx (the yardstick) on the same released files, side by side
// in one run: req/s for `/` (the prerendered page) and the host's main.*.js in br, gzip and identity,
// autocannon with 20 connections in its own process, several rounds alternating the two servers.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readPageList, pagesDir, releasesLayout } from '@kloof/release-store/folder';
import { load, summary } from './load';
import { startNginx } from './nginx';
import { benchEnvironment } from '../settings';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    port: { type: 'string', default: String(benchEnvironment().servingPort) },
    releases: { type: 'string' },
    product: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const productPort = Number(values.port);
const nginxPort = productPort + 1;
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const benchDir = path.resolve(import.meta.dirname, '..', '..');

/** The dist folders of the last build, released the production way into a throwaway folder. */
function releaseBuilds(work: string) {
  const releasesDir = values.releases ? path.resolve(values.releases) : path.join(work, 'releases');
  const released = values.releases
    ? { status: 0 }
    : spawnSync('pnpm', ['release', '--all', '--skip-build', '--releases-dir', releasesDir], {
        cwd: repoRoot,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
  if (released.status !== 0)
    throw new Error(`Releasing the builds failed (exit ${released.status}); run pnpm build first`);
  const layout = releasesLayout(releasesDir);
  const registry = JSON.parse(fs.readFileSync(layout.registryFile, 'utf8')) as {
    apps: Record<string, { stable?: { version: string } }>;
  };
  const host = registry.apps.host?.stable?.version;
  const marketing = registry.apps.marketing?.stable?.version;
  if (!host || !marketing) throw new Error('The release has no live host or marketing');
  const pages = pagesDir(layout, host, 'marketing', marketing);
  const home = readPageList(pages)?.find((page) => page.path === '/');
  if (!home) throw new Error('The release prerendered no page for /');
  const hostDir = layout.versionDir('host', host);
  const main = fs.readdirSync(hostDir).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!main) throw new Error(`No main.*.js in ${hostDir}`);
  return { releasesDir, hostDir, homePage: { dir: pages, file: home.file }, main };
}

async function startProduct(releasesDir: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main.ts', '--releases', releasesDir, '--port', String(productPort)],
    {
      cwd: values.product ? path.resolve(values.product) : path.join(repoRoot, 'packages', 'web-server'),
      env: { ...process.env, NODE_ENV: 'production', API_UPSTREAM: 'http://127.0.0.1:9' },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 120_000;
  while (
    !(await fetch(`http://127.0.0.1:${productPort}/registry.json`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('The web server did not come up');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { stop: () => child.kill('SIGTERM') };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-bench-serving-'));
fs.chmodSync(work, 0o755);
const stops: (() => void)[] = [];
try {
  const files = releaseBuilds(work);
  const product = await startProduct(files.releasesDir);
  stops.push(product.stop);
  const nginx = await startNginx({ port: nginxPort, hostDir: files.hostDir, homePage: files.homePage, work });
  stops.push(nginx.stop);

  // A returning browser: it has its seed cookie (a first visit would also get Set-Cookie).
  const cookie = 'kloof-canary=0000abcd';
  const cases = (['br', 'gzip', 'identity'] as const).flatMap((encoding) =>
    ['/', `/${files.main}`].map((url) => ({ url, encoding })),
  );
  const servers = [
    { name: 'product', base: `http://127.0.0.1:${productPort}` },
    { name: 'nginx', base: `http://127.0.0.1:${nginxPort}` },
  ] as const;
  const series = new Map<string, number[]>();
  const warm = { connections: 20, seconds: 1 };
  for (const server of servers) await load(`${server.base}/`, warm);
  for (let round = 1; round <= rounds; round++) {
    for (const { url, encoding } of cases) {
      for (const server of servers) {
        const result = await load(`${server.base}${url}`, {
          seconds,
          headers: { 'accept-encoding': encoding, cookie },
        });
        if (result.non2xx || result.errors)
          throw new Error(`${server.name} ${url} ${encoding}: ${JSON.stringify(result)}`);
        const key = `${url === '/' ? '/' : 'main.js'} ${encoding} ${server.name}`;
        series.set(key, [...(series.get(key) ?? []), result.rps]);
        console.log(`round ${round} ${key}: ${result.rps} req/s (p99 ${result.p99} ms)`);
      }
    }
  }

  const rows = cases.map(({ url, encoding }) => {
    const name = `${url === '/' ? '/' : 'main.js'} ${encoding}`;
    const product = series.get(`${name} product`)!;
    const yardstick = series.get(`${name} nginx`)!;
    const ratios = product.map((value, i) => value / yardstick[i]!);
    return { request: name, product: summary(product), nginx: summary(yardstick), ratio: summary(ratios) };
  });
  const range = (s: { median: number; min: number; max: number }, digits = 0) =>
    `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
  const table = [
    `Serving: ${rounds} rounds x ${seconds} s, autocannon -c 20 in its own process, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; nginx ${nginx.brotliStatic ? 'gzip_static + brotli_static' : 'gzip_static (no brotli module)'}, sendfile on`,
    '',
    '| request | product req/s median (min-max) | nginx req/s | ratio (per round) |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.request} | ${range(r.product)} | ${range(r.nginx)} | ${range(r.ratio, 2)} |`),
    '',
  ].join('\n');
  console.log(`\n${table}`);
  fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
  fs.writeFileSync(path.join(benchDir, 'results', 'serving.md'), table);
  fs.writeFileSync(
    path.join(benchDir, 'results', 'serving.json'),
    `${JSON.stringify({ date: new Date().toISOString(), rounds, seconds, rows }, null, 2)}\n`,
  );
} finally {
  for (const stop of stops.reverse()) stop();
  fs.rmSync(work, { recursive: true, force: true });
}
