import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium';
import { scaled } from './slowdown.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Workflow tests, `<package>/e2e/*.workflow.spec.ts`: they start the product's own commands
 * (`pnpm dev`, `pnpm serve`) themselves and stop them, so they bring no servers of their own and
 * run one at a time, after the browser tests (the dev servers of six apps fill both CPU cores).
 */
export default defineConfig({
  testDir: repoRoot,
  testMatch: ['{host,remotes/*,packages/*}/e2e/**/*.workflow.spec.ts'],
  testIgnore: ['**/node_modules/**'],
  outputDir: path.join(repoRoot, 'packages', 'test-kit', 'test-results', 'workflow'),
  fullyParallel: false,
  workers: 1,
  // Never retried: a test that passes only on a second try is a defect to find, not a pass.
  retries: 0,
  timeout: scaled(300_000),
  expect: { timeout: scaled(10_000) },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] },
  },
});
