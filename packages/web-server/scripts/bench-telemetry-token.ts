/**
 * What the file check costs a page load: releases this checkout's built host and marketing (and a
 * marketing canary) into a temporary releases folder, then times, on loopback, the check of one
 * stored marketing version alone (versionIntact: every pinned file hashed, .br/.gz copies decoded)
 * and GET /telemetry-token with its verdicts kept (what nearly every page load pays) and with none
 * kept (the first page load after a verdict ran out, every 30 s per live version). Prints median and
 * spread (min-max). Needs `pnpm build` first. Env: BENCH_SAMPLES (default 50).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { defaultRuntimeConfig } from '../src/runtime-config';
import { releasesSite } from '../src/site';
import { buildStaticServer } from '../src/static-server';
import { versionIntact } from '../src/version-intact';

const samples = Number(process.env.BENCH_SAMPLES ?? 50);
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kloof-bench-token-'));
const layout = releasesLayout(path.join(work, 'releases'));
await release(layout, 'host', path.join(repoRoot, 'host', 'dist'));
await release(layout, 'marketing', path.join(repoRoot, 'remotes', 'marketing', 'dist'));
// A second marketing build as the canary: the same files, one more line in its entry.
const canaryBuild = path.join(work, 'marketing-canary');
await fs.cp(path.join(repoRoot, 'remotes', 'marketing', 'dist'), canaryBuild, { recursive: true });
await fs.rm(path.join(canaryBuild, 'remoteEntry.js.br'), { force: true });
await fs.rm(path.join(canaryBuild, 'remoteEntry.js.gz'), { force: true });
await fs.appendFile(path.join(canaryBuild, 'remoteEntry.js'), '\n;/* canary */\n');
await release(layout, 'marketing', canaryBuild, { canary: 50 });
const stable = (await readRegistryFile(layout)).apps.marketing!.stable!;

const summary = (label: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${label}: median ${median.toFixed(2)} ms, spread ${sorted[0]!.toFixed(2)}-${sorted.at(-1)!.toFixed(2)} ms (${ms.length} samples)`,
  );
};
const timed = async (run: () => Promise<unknown>) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

const dir = layout.versionDir('marketing', stable.version);
const files = (await fs.readdir(dir)).length;
const checks: number[] = [];
for (let i = 0; i < samples; i += 1) checks.push(await timed(() => versionIntact(dir, stable.integrity!)));
summary(`versionIntact, one marketing version (${files} files)`, checks);

const fetchToken = async (url: string) => {
  const res = await fetch(url, { headers: { cookie: 'kloof-canary=0badc0de' } });
  await res.arrayBuffer();
};
const server = await buildStaticServer({
  site: releasesSite(layout),
  runtimeConfig: defaultRuntimeConfig,
  telemetrySecret: 'bench-telemetry-token-secret-0123456789',
});
const url = `${await server.listen({ port: 0, host: '127.0.0.1' })}/telemetry-token`;
await fetchToken(url);
const warm: number[] = [];
for (let i = 0; i < samples; i += 1) warm.push(await timed(() => fetchToken(url)));
summary('GET /telemetry-token, verdicts kept', warm);
await server.close();

// A new server per sample: nothing kept, as the first page load after a verdict ran out.
const cold: number[] = [];
for (let i = 0; i < samples; i += 1) {
  const fresh = await buildStaticServer({
    site: releasesSite(layout),
    runtimeConfig: defaultRuntimeConfig,
    telemetrySecret: 'bench-telemetry-token-secret-0123456789',
  });
  const freshUrl = `${await fresh.listen({ port: 0, host: '127.0.0.1' })}/telemetry-token`;
  cold.push(await timed(() => fetchToken(freshUrl)));
  await fresh.close();
}
summary('GET /telemetry-token, no verdict kept', cold);
await fs.rm(work, { recursive: true, force: true });
