#!/usr/bin/env tsx
// pnpm bench [--no-lighthouse] [--skip-build] [--runs 5] [--route /] [--route /pricing ...] [--reports <dir>]
//            [--journeys 5] [--journeys-only] [--results <dir>] [--lighthouse-builds prerendered,...]
// Builds the federated apps and the monolith, then serves side by side, in one run: the federated
// build (SPA shell), the monolith, and the federated build released the production way (public
// pages prerendered). Reports per route and build: gzip JS/CSS bytes and requests of the first
// load, Lighthouse mobile (median of --runs, with the spread of single runs) with LCP, FCP, TBT
// and CLS, build times, the ratios to the monolith, and the machine's load while measuring.
// --reports keeps every Lighthouse report (JSON, <build>-<route>-<run>.json) to read a score's causes.
// Then the signed-in journeys (journeys.ts), --journeys runs of each (0: none), cold and warm, per
// build; --journeys-only measures them alone (no routes, no Lighthouse). --results writes
// latest.{json,md} to another folder than packages/bench/results (two runs side by side).
// --lighthouse-builds runs Lighthouse on those builds only (a third of the time for one build's scores).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchResult, Variant, VariantResult } from './report';
import { benchEnvironment } from './settings';

// E2E_API_PORT / E2E_WEB_PORT move the bench off its default ports (monolith and prerendered: web + 1, + 2).
const settings = benchEnvironment();
const ports = {
  api: settings.apiPort,
  federated: settings.webPort,
  monolith: settings.webPort + 1,
  prerendered: settings.webPort + 2,
};
// Handed on: the browser fixtures (@kloof/test-kit/e2e, imported below) read the same variables.
process.env.E2E_API_PORT = String(ports.api);
process.env.E2E_WEB_PORT = String(ports.federated);
process.env.E2E_RUN_ID = `bench-${process.pid}`;
const typedPath = (typed: string) => path.resolve(settings.invocationDir ?? process.cwd(), typed);

const { values } = parseArgs({
  options: {
    'no-lighthouse': { type: 'boolean' },
    'skip-build': { type: 'boolean' },
    runs: { type: 'string', default: '5' },
    route: { type: 'string', multiple: true },
    reports: { type: 'string' },
    journeys: { type: 'string', default: '5' },
    results: { type: 'string' },
    'journeys-only': { type: 'boolean' },
    'lighthouse-builds': { type: 'string', default: 'federated,monolith,prerendered' },
  },
});
const journeyRuns = Number(values.journeys);
if (!Number.isInteger(journeyRuns) || journeyRuns < 0) {
  throw new Error(`--journeys must be a whole number >= 0, not ${values.journeys}`);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1, not ${values.runs}`);
const loadAtStart = os.loadavg();
const { chromium } = await import('@playwright/test');
const { createAccount } = await import('@kloof/test-kit/e2e/api');
const { chromiumArgs, chromiumPath } = await import('@kloof/test-kit/e2e/chromium');
const { timeBuild } = await import('./build-times');
const { buildMonolith, monolithDist } = await import('./monolith');
const { measureFirstLoad } = await import('./first-load');
const { measureRemotePage, remotePageIds } = await import('./remote-page');
const { lighthouseSeries } = await import('./lighthouse');
const { markdownReport, variants } = await import('./report');
const { journeySeries } = await import('./journeys');
const { benchRoutes, signedInRoutes } = await import('./routes');
const { startApi, startFederated, startMonolith, startPrerendered } = await import('./servers');
const lighthouseBuilds = values['lighthouse-builds'].split(',').map((name) => name.trim());
const notBuilds = lighthouseBuilds.filter((name) => !(variants as readonly string[]).includes(name));
if (notBuilds.length) throw new Error(`--lighthouse-builds takes ${variants.join(', ')}, not ${notBuilds.join(', ')}`);

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..', '..');

const buildSeconds = values['skip-build']
  ? { allApps: 0, oneRemote: 0, monolith: 0 }
  : {
      allApps: timeBuild('all apps', 'pnpm', ['build'], repoRoot),
      oneRemote: timeBuild('one remote', 'pnpm', ['--filter', '@kloof/remote-marketing', 'build'], repoRoot),
      monolith: buildMonolith(),
    };

/** Writes results/latest.{json,md} with what is measured so far; returns the readable table. */
function writeResults(
  routes: BenchResult['routes'],
  remotePages: BenchResult['remotePages'],
  complete: boolean,
  journeys: BenchResult['journeys'] = {},
): string {
  const load = { start: loadAtStart, end: os.loadavg(), cores: os.cpus().length };
  const result: BenchResult = {
    date: new Date().toISOString(),
    runs,
    load,
    buildSeconds,
    routes,
    remotePages,
    journeys,
    complete,
  };
  const outDir = values.results ? typedPath(values.results) : path.join(benchDir, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = markdownReport(result);
  fs.writeFileSync(path.join(outDir, 'latest.md'), table);
  return table;
}

// Everything started is stopped at the end, also when a later start or a measurement fails.
const running: { stop(): unknown }[] = [];
async function started<T extends { stop(): unknown }>(service: Promise<T>): Promise<T> {
  const up = await service;
  running.push(up);
  return up;
}

try {
  await started(startApi(repoRoot, ports.api));
  await started(startFederated(repoRoot, ports.federated, ports.api));
  const monolith = await startMonolith(monolithDist, ports.monolith, ports.api);
  running.push({ stop: () => monolith.close() });
  await started(startPrerendered(repoRoot, ports.prerendered, ports.api));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  running.push({ stop: () => browser.close() });
  const account = await createAccount();
  const lighthouseBin = path.join(benchDir, 'node_modules', '.bin', 'lighthouse');
  const unknown = (values.route ?? []).filter((route) => !(benchRoutes as readonly string[]).includes(route));
  if (unknown.length) throw new Error(`Not a bench route: ${unknown.join(', ')}`);
  const chosen = values['journeys-only']
    ? []
    : values.route?.length
      ? benchRoutes.filter((route) => values.route!.includes(route))
      : benchRoutes;
  const routes = [];
  for (const route of chosen) {
    const tokens = signedInRoutes.has(route) ? account : undefined;
    const measured = {} as Record<Variant, VariantResult>;
    // One build after the other: they never compete for the CPU.
    for (const variant of variants) {
      const url = `http://localhost:${ports[variant]}${route}`;
      const firstLoad = await measureFirstLoad(browser, url, tokens);
      const keep = values.reports
        ? {
            dir: typedPath(values.reports),
            name: `${variant}-${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}`,
          }
        : undefined;
      const lighthouse =
        values['no-lighthouse'] || tokens || !lighthouseBuilds.includes(variant)
          ? null
          : await lighthouseSeries(url, lighthouseBin, runs, keep);
      measured[variant] = { firstLoad, lighthouse };
    }
    routes.push({ route, results: measured });
    console.log(
      `${route}: ${variants.map((v) => `${v} ${(measured[v].firstLoad.jsBytes / 1024).toFixed(1)} KB JS, LH ${measured[v].lighthouse?.median.performance ?? 'n/a'}`).join('; ')}`,
    );
    // Written after every route: a long run on a busy machine that has to be stopped keeps what it measured.
    writeResults(routes, [], false);
  }

  const federatedUrl = `http://localhost:${ports.federated}`;
  const remotePages = [];
  if (!values['journeys-only']) {
    for (const id of await remotePageIds(federatedUrl)) {
      remotePages.push({ id, jsBytes: (await measureRemotePage(browser, federatedUrl, id)).jsBytes });
    }
  }
  // Signed-in journeys of an Admin, every build in turn within each run (load changes hit all alike).
  const journeys: BenchResult['journeys'] = {};
  if (journeyRuns > 0) {
    const admin = await createAccount({ roles: ['Admin'] });
    for (let run = 0; run < journeyRuns; run += 1) {
      for (const variant of variants) {
        const one = await journeySeries(browser, `http://localhost:${ports[variant]}`, admin, 1);
        const series = (journeys[variant] ??= { cold: [], warm: [] });
        series.cold.push(...one.cold);
        series.warm.push(...one.warm);
        console.log(`journey ${run + 1}/${journeyRuns} ${variant}: ${JSON.stringify(one)}`);
      }
      writeResults(routes, remotePages, false, journeys);
    }
  }
  console.log(`\n${writeResults(routes, remotePages, true, journeys)}`);
} finally {
  for (const service of running.reverse()) await service.stop();
}
