#!/usr/bin/env tsx
// pnpm bench [--no-lighthouse] [--skip-build] [--runs 5] [--route /] [--route /pricing ...] [--reports <dir>]
//            [--journeys 5] [--journeys-only] [--results <dir>] [--lighthouse-builds prerendered,...]
//            [--signed-in 3] [--signed-in-only] [--signed-in-builds federated,monolith] [--interactions 3]
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
// Issue 40's signed-in part (signed-in-report.ts), on --signed-in-builds: --signed-in runs (0: none)
// of a cold and a warm load of each signed-in page and /pricing on a throttled phone, with the chain
// as a waterfall; Lighthouse mobile on the signed-in pages with a session (--runs, unless
// --no-lighthouse); --interactions runs of the main interactions' INP at 4x CPU. --signed-in-only
// measures that part alone (no public routes; journeys only when --journeys is given).
// --interaction-traces <dir> keeps a Chromium trace of each interaction (tracing slows the page:
// for finding why one is slow, not for its figures).
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
    journeys: { type: 'string' },
    results: { type: 'string' },
    'journeys-only': { type: 'boolean' },
    'lighthouse-builds': { type: 'string', default: 'federated,monolith,prerendered' },
    'signed-in': { type: 'string', default: '3' },
    'signed-in-only': { type: 'boolean' },
    'signed-in-builds': { type: 'string', default: 'federated,monolith' },
    interactions: { type: 'string', default: '3' },
    'interaction-traces': { type: 'string' },
  },
});
const signedInOnly = values['signed-in-only'] === true;
const journeyRuns = Number(values.journeys ?? (signedInOnly ? 0 : 5));
if (!Number.isInteger(journeyRuns) || journeyRuns < 0) {
  throw new Error(`--journeys must be a whole number >= 0, not ${values.journeys}`);
}
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1, not ${values.runs}`);
const signedInRuns = Number(values['signed-in']);
if (!Number.isInteger(signedInRuns) || signedInRuns < 0) {
  throw new Error(`--signed-in must be a whole number >= 0, not ${values['signed-in']}`);
}
const interactionRuns = Number(values.interactions);
if (!Number.isInteger(interactionRuns) || interactionRuns < 0) {
  throw new Error(`--interactions must be a whole number >= 0, not ${values.interactions}`);
}
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
const { benchRoutes, signedInLoadRoutes, signedInRoutes } = await import('./routes');
const { benchAccount } = await import('./bench-account');
const { coldAndWarmLoad } = await import('./signed-in-loads');
const { measureInteractions } = await import('./interactions');
const { phoneProfile } = await import('./phone-profile');
const { startApi, startFederated, startMonolith, startPrerendered } = await import('./servers');
const lighthouseBuilds = values['lighthouse-builds'].split(',').map((name) => name.trim());
const notBuilds = lighthouseBuilds.filter((name) => !(variants as readonly string[]).includes(name));
if (notBuilds.length) throw new Error(`--lighthouse-builds takes ${variants.join(', ')}, not ${notBuilds.join(', ')}`);
const signedInBuilds = values['signed-in-builds'].split(',').map((name) => name.trim()) as Variant[];
const notSignedInBuilds = signedInBuilds.filter((name) => !(variants as readonly string[]).includes(name));
if (notSignedInBuilds.length) {
  throw new Error(`--signed-in-builds takes ${variants.join(', ')}, not ${notSignedInBuilds.join(', ')}`);
}

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..', '..');

const buildSeconds = values['skip-build']
  ? { allApps: 0, oneRemote: 0, monolith: 0 }
  : {
      allApps: timeBuild('all apps', 'pnpm', ['build'], repoRoot),
      oneRemote: timeBuild('one remote', 'pnpm', ['--filter', '@kloof/remote-marketing', 'build'], repoRoot),
      monolith: buildMonolith(),
    };

// Issue 40's signed-in part as measured so far (written with everything else).
let signedIn: BenchResult['signedIn'];

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
    signedIn,
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
  const chosen =
    values['journeys-only'] || signedInOnly
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
  if (!values['journeys-only'] && !signedInOnly) {
    for (const id of await remotePageIds(federatedUrl)) {
      remotePages.push({ id, jsBytes: (await measureRemotePage(browser, federatedUrl, id)).jsBytes });
    }
  }
  if (!values['journeys-only'] && (signedInRuns > 0 || interactionRuns > 0 || !values['no-lighthouse'])) {
    const client = await benchAccount();
    const measured: NonNullable<BenchResult['signedIn']> = {
      profile: phoneProfile,
      builds: signedInBuilds,
      loads: signedInLoadRoutes.map((route) => ({ route, builds: {} })),
      lighthouse: [],
      interactions: {},
    };
    signedIn = measured;
    // Every page and build in turn within each run, so a change in the machine's load hits all alike.
    for (let run = 0; run < signedInRuns; run += 1) {
      for (const loads of measured.loads) {
        for (const variant of signedInBuilds) {
          const one = await coldAndWarmLoad(browser, `http://localhost:${ports[variant]}`, loads.route, client);
          const series = (loads.builds[variant] ??= { cold: [], warm: [] });
          series.cold.push(one.cold);
          series.warm.push(one.warm);
          console.log(
            `signed-in ${run + 1}/${signedInRuns} ${loads.route} ${variant}: cold ${Math.round(one.cold.doneMs)} ms, warm ${Math.round(one.warm.doneMs)} ms (${one.warm.throttledWorkers} worker throttled)`,
          );
        }
        writeResults(routes, remotePages, false);
      }
    }
    if (!values['no-lighthouse']) {
      for (const route of signedInLoadRoutes.filter((path) => path !== '/pricing')) {
        const builds: NonNullable<BenchResult['signedIn']>['lighthouse'][number]['builds'] = {};
        measured.lighthouse.push({ route, builds });
        for (const variant of signedInBuilds) {
          const url = `http://localhost:${ports[variant]}${route}`;
          const keep = values.reports
            ? {
                dir: typedPath(values.reports),
                name: `${variant}-signed-in-${route.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`,
              }
            : undefined;
          builds[variant] = await lighthouseSeries(url, lighthouseBin, runs, keep, client);
          console.log(`signed-in Lighthouse ${route} ${variant}: ${builds[variant]!.median.performance}`);
          writeResults(routes, remotePages, false);
        }
      }
    }
    for (let run = 0; run < interactionRuns; run += 1) {
      for (const variant of signedInBuilds) {
        const traces = values['interaction-traces'] ? typedPath(values['interaction-traces']) : undefined;
        if (traces) fs.mkdirSync(traces, { recursive: true });
        const times = await measureInteractions(
          browser,
          `http://localhost:${ports[variant]}`,
          client,
          (name) => traces && path.join(traces, `${variant}-${name}-${run + 1}.json`),
        );
        (measured.interactions[variant] ??= []).push(times);
        console.log(`interactions ${run + 1}/${interactionRuns} ${variant}: ${JSON.stringify(times)}`);
      }
      writeResults(routes, remotePages, false);
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
