#!/usr/bin/env tsx
// pnpm --filter @kloof/bench bench:tasks [--route /auth/login ...] [--runs 8] [--before <checkout>] [--traces <dir>]
// The main-thread tasks after first paint of prerendered pages, from a Chromium trace of a cold
// load (unthrottled, as Lighthouse observes it, on its mobile screen): a Lighthouse-like Total
// Blocking Time estimate, Σ max(0, 4 x task - 50 ms), and the tasks of 10 ms or more with what ran
// inside them. This tree's builds (pnpm build first) are released into a throwaway folder and
// served the production way; --before serves another checkout's builds beside them (built there),
// and every run loads each route on both in turn (before, this tree), so a busy machine's load
// falls on both alike. Ports: E2E_API_PORT (4390), E2E_WEB_PORT (8390) and, with --before, web + 1.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { formatTasks, summarizeTasks, type TaskSummary, type TraceEvent } from './trace-tasks';
import { median } from './figures';
import { benchEnvironment } from './settings';

const settings = benchEnvironment();
const { apiPort, webPort } = settings;
// Handed on: the browser fixtures (@kloof/test-kit/e2e, imported below) read the same variables.
process.env.E2E_API_PORT = String(apiPort);
process.env.E2E_WEB_PORT = String(webPort);
process.env.E2E_RUN_ID ??= `bench-tasks-${process.pid}`;

const { values } = parseArgs({
  options: {
    route: { type: 'string', multiple: true },
    runs: { type: 'string', default: '8' },
    before: { type: 'string' },
    traces: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number >= 1, not ${values.runs}`);
const routes = values.route?.length ? values.route : ['/auth/login'];
const cwd = settings.invocationDir ?? process.cwd();
const tracesDir = values.traces ? path.resolve(cwd, values.traces) : undefined;

const { chromium } = await import('@playwright/test');
const { chromiumArgs, chromiumPath } = await import('@kloof/test-kit/e2e/chromium');
const { startApi, startPrerendered } = await import('./servers');

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const builds = [
  ...(values.before ? [{ name: 'before', root: path.resolve(cwd, values.before), port: webPort + 1 }] : []),
  { name: values.before ? 'after' : 'this', root: repoRoot, port: webPort },
];

/** Lighthouse mobile's screen (Moto G Power), so the same blocks are near the viewport. */
const mobile = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'toplevel',
  'v8',
];

/** One cold load (fresh context: empty cache, no service worker) traced until the page is quiet. */
async function traceLoad(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ ...mobile, serviceWorkers: 'block' });
  const page = await context.newPage();
  await browser.startTracing(page, { categories });
  // Nothing is asked of the page meanwhile (a locator would run Playwright's script in it, a task
  // of its own); hydration and its effects run after the last download: a second of quiet covers them.
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const buffer = await browser.stopTracing();
  await context.close();
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return trace.traceEvents;
}

function figures(loads: TaskSummary[]): string {
  const estimates = loads.map((load) => load.tbtEstimateMs);
  const longTasks = loads.map((load) => load.longTasks);
  const fcp = loads.map((load) => load.fcpMs);
  const range = (list: number[]) => `${Math.min(...list).toFixed(0)}-${Math.max(...list).toFixed(0)}`;
  return (
    `TBT estimate median ${median(estimates).toFixed(0)} ms (${range(estimates)}), ` +
    `long tasks median ${median(longTasks)} (${range(longTasks)}), FCP median ${median(fcp).toFixed(0)} ms`
  );
}

const running: { stop(): unknown }[] = [];
try {
  running.push(await startApi(repoRoot, apiPort));
  for (const build of builds) running.push(await startPrerendered(build.root, build.port, apiPort));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  running.push({ stop: () => browser.close() });
  const results = new Map<string, TaskSummary[]>();
  for (let run = 1; run <= runs; run += 1) {
    for (const route of routes) {
      for (const build of builds) {
        const events = await traceLoad(browser, `http://localhost:${build.port}${route}`);
        if (tracesDir) {
          fs.mkdirSync(tracesDir, { recursive: true });
          const name = `${build.name}-${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
          fs.writeFileSync(path.join(tracesDir, name), JSON.stringify({ traceEvents: events }));
        }
        const summary = summarizeTasks(events);
        const key = `${build.name} ${route}`;
        results.set(key, [...(results.get(key) ?? []), summary]);
        console.log(
          `run ${run} ${key}: TBT estimate ${summary.tbtEstimateMs.toFixed(0)} ms, ${summary.longTasks} long tasks`,
        );
      }
    }
  }
  for (const [key, loads] of results) {
    // The tasks of the load at the median estimate: what a typical load spends its time on.
    const sorted = [...loads].sort((a, b) => a.tbtEstimateMs - b.tbtEstimateMs);
    const typical = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`\n${key}: ${figures(loads)}\n${formatTasks(typical.tasks)}`);
  }
} finally {
  for (const service of running.reverse()) await service.stop();
}
