import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium';
import { apiServerEnv, e2e } from './e2e/environment';
import { scaled } from './slowdown.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Debian Chromium only (never a browser download), with the flags this closed network needs. */
const chromium = { executablePath: chromiumPath, args: [...chromiumArgs] };

/**
 * A server already on the port is used only when asked (E2E_REUSE_SERVERS=1, while working on one
 * spec): otherwise one left over from an earlier run (an older build, another data folder) would
 * be tested in place of this checkout, so a taken port fails the run instead.
 */
const reuseExistingServer = process.env.E2E_REUSE_SERVERS === '1';

/** A server command that stops once this test runner is gone, even killed outright (bin/while-alive.js). */
const whileThisRunLives = (command: string) => `node packages/test-kit/bin/while-alive.js ${process.pid} ${command}`;

/**
 * End-to-end tests sit beside the app they test, in `<app>/e2e/*.spec.ts`. They run against
 * the production builds (build first: `pnpm build`) served the production way, and the real API.
 */
export default defineConfig({
  testDir: repoRoot,
  testMatch: ['{host,remotes/*,packages/*}/e2e/**/*.spec.ts'],
  // Workflow specs start `pnpm dev`/`pnpm serve` themselves: playwright.workflow.config.ts runs them.
  testIgnore: ['**/node_modules/**', '**/*.workflow.spec.ts'],
  // Specs start the release tool and web servers as `pnpm start` does: compiled, built once here.
  globalSetup: './e2e/build-servers.ts',
  // One folder per port pair: runs side by side must not wipe each other's artefacts.
  outputDir: path.join(repoRoot, 'packages', 'test-kit', 'test-results', String(e2e.webPort)),
  fullyParallel: false,
  workers: 2,
  // Never retried: a test that passes only on a second try is a defect to find, not a pass.
  retries: 0,
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: e2e.baseUrl,
    // A failed test's trace keeps its DOM snapshots and network log, not the screencast filmstrip:
    // recorded for every test and thrown away with every pass, it costs browser CPU for nothing.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // No service worker unless a spec is about it (`test.use({ serviceWorkers: 'allow' })`): installing
    // one precaches every file of the site, browser CPU each fresh context spends for nothing.
    serviceWorkers: 'block',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: [
    {
      name: 'api',
      command: whileThisRunLives('pnpm --filter @kloof/api-server start'),
      cwd: repoRoot,
      url: `${e2e.apiUrl}/health`,
      env: apiServerEnv(),
      reuseExistingServer,
      timeout: scaled(120_000),
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'web',
      command: whileThisRunLives('pnpm --filter @kloof/web-server serve'),
      cwd: repoRoot,
      url: `${e2e.baseUrl}/registry.json`,
      env: {
        PORT: String(e2e.webPort),
        API_UPSTREAM: `http://127.0.0.1:${e2e.apiPort}`,
        TELEMETRY_SECRET: e2e.telemetrySecret,
      },
      reuseExistingServer,
      timeout: scaled(60_000),
    },
  ],
});
