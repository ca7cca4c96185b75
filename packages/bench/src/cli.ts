#!/usr/bin/env tsx
// pnpm bench [--no-lighthouse] [--skip-build]
// Builds the federated apps and the monolith, serves both the production way, and reports per
// route: gzip JS/CSS bytes and requests of the first load, Lighthouse mobile scores (median of 3),
// build times, and the federation overhead as federated / monolith ratios.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ports = { api: 4390, federated: 8390, monolith: 8391 };
process.env.E2E_API_PORT = String(ports.api);
process.env.E2E_WEB_PORT = String(ports.federated);
process.env.E2E_RUN_ID = `bench-${process.pid}`;

const { values } = parseArgs({ options: { 'no-lighthouse': { type: 'boolean' }, 'skip-build': { type: 'boolean' } } });

const { chromium } = await import('@playwright/test');
const { createAccount } = await import('@kloof/test-kit/e2e/api');
const { chromiumArgs, chromiumPath } = await import('@kloof/test-kit/e2e/chromium');
const { timeBuild } = await import('./build-times');
const { buildMonolith, monolithDist } = await import('./monolith');
const { measureFirstLoad } = await import('./first-load');
const { measureRemotePage, remotePageIds } = await import('./remote-page');
const { lighthouseScores } = await import('./lighthouse');
const { markdownReport } = await import('./report');
const { benchRoutes, signedInRoutes } = await import('./routes');
const { startApi, startFederated, startMonolith } = await import('./servers');

const benchDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(benchDir, '..', '..');

const buildSeconds = values['skip-build']
  ? { allApps: 0, oneRemote: 0, monolith: 0 }
  : {
      allApps: timeBuild('all apps', 'pnpm', ['build'], repoRoot),
      oneRemote: timeBuild('one remote', 'pnpm', ['--filter', '@kloof/remote-marketing', 'build'], repoRoot),
      monolith: buildMonolith(),
    };

const api = await startApi(repoRoot, ports.api);
const federated = await startFederated(repoRoot, ports.federated, ports.api);
const monolith = await startMonolith(monolithDist, ports.monolith, ports.api);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });

try {
  const account = await createAccount();
  const routes = [];
  for (const route of benchRoutes) {
    const tokens = signedInRoutes.has(route) ? account : undefined;
    const fed = await measureFirstLoad(browser, `http://localhost:${ports.federated}${route}`, tokens);
    const mono = await measureFirstLoad(browser, `http://localhost:${ports.monolith}${route}`, tokens);
    const lighthouse =
      values['no-lighthouse'] || tokens
        ? null
        : lighthouseScores(
            `http://localhost:${ports.federated}${route}`,
            path.join(benchDir, 'node_modules', '.bin', 'lighthouse'),
          );
    routes.push({ route, federated: fed, monolith: mono, lighthouse });
    console.log(
      `${route}: ${(fed.jsBytes / 1024).toFixed(1)} KB JS federated, ${(mono.jsBytes / 1024).toFixed(1)} KB monolith`,
    );
  }
  const federatedUrl = `http://localhost:${ports.federated}`;
  const remotePages = [];
  for (const id of await remotePageIds(federatedUrl)) {
    remotePages.push({ id, jsBytes: (await measureRemotePage(browser, federatedUrl, id)).jsBytes });
  }
  const result = { date: new Date().toISOString(), buildSeconds, routes, remotePages };
  const outDir = path.join(benchDir, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  const table = markdownReport(result);
  fs.writeFileSync(path.join(outDir, 'latest.md'), table);
  console.log(`\n${table}`);
} finally {
  await browser.close();
  await monolith.close();
  federated.stop();
  api.stop();
}
