import fs from 'node:fs/promises';
import { createAccount, e2e, expect, test, type Account } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import type { Page } from '@playwright/test';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';
import { violationsInEachTheme } from '@kloof/test-kit/e2e/axe';
import {
  kloof,
  liveVersion,
  markedBuild,
  releaseCanary,
  releaseEveryApp,
  startServer,
  type RunningServer,
} from './release-fixtures';
import { seedsOnEachSide } from './browser-visits';

// The API's console reads and changes the releases in e2e.releasesDir (its RELEASES_DIR): this
// file releases every app there and serves them with a production web server of its own.
test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let operator: Account;

test.beforeAll(async () => {
  test.setTimeout(scaled(180_000)); // five releases, each its own process
  await fs.rm(e2e.releasesDir, { recursive: true, force: true });
  await fs.mkdir(e2e.releasesDir, { recursive: true });
  await releaseEveryApp(e2e.releasesDir);
  // It believes X-Forwarded-For from this machine, so each beacon below is its own network.
  server = await startServer(e2e.releasesDir, 0, { TRUST_PROXY: '127.0.0.1' });
  operator = await createAccount({ roles: ['SuperAdmin'] });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Signs the operator in on this file's site (tokens in its localStorage), then opens `path`. */
async function signedInAt(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}/unauthorized`);
  await page.evaluate(({ accessToken, refreshToken }) => {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('refreshToken', refreshToken);
  }, operator);
  await page.goto(`${server.url}${path}`);
}

test('a SuperAdmin rolls marketing back from the screen, with a reason and a fresh proof, and the site serves the previous version', async ({
  page,
}) => {
  await kloof(
    e2e.releasesDir,
    'release',
    'marketing',
    '--from',
    await markedBuild('marketing', 'remotes/marketing', 'v1'),
  );
  const v1 = await liveVersion(e2e.releasesDir, 'marketing');
  await kloof(
    e2e.releasesDir,
    'release',
    'marketing',
    '--from',
    await markedBuild('marketing', 'remotes/marketing', 'v2'),
  );
  const v2 = await liveVersion(e2e.releasesDir, 'marketing');

  await signedInAt(page, '/manage/releases');
  const card = page.getByRole('region', { name: 'marketing' });
  await expect(card.getByText(v2)).toBeVisible();
  const rollBack = card.getByRole('button', { name: 'Roll back of marketing' });
  await rollBack.click();
  const dialog = page.getByRole('dialog', { name: 'Roll back: marketing' });
  await expect(dialog.getByRole('textbox', { name: /Reason/ })).toBeFocused();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('v2 breaks the pricing table');
  await dialog.getByRole('button', { name: 'Roll back' }).click();

  const check = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await check.getByLabel(/Your password/).fill(operator.password);
  await check.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`marketing: rolled back ${v2} -> ${v1}`)).toBeVisible();
  await expect(rollBack).toBeFocused();
  await expect(
    page.getByRole('table', { name: 'Release history' }).getByText('v2 breaks the pricing table'),
  ).toBeVisible();

  expect(await liveVersion(e2e.releasesDir, 'marketing')).toBe(v1);
  let loadedFrom = '';
  page.on('request', (request) => {
    const match = /\/remotes\/marketing\/([^/]+)\/remoteEntry\.js$/.exec(request.url());
    if (match) loadedFrom = match[1]!;
  });
  await page.goto(`${server.url}/pricing`);
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'v1');
  expect(loadedFrom).toBe(v1);
  const history = await kloof(e2e.releasesDir, 'history', 'marketing', '--limit', '1');
  expect(history).toContain(`rollback marketing ${v2} -> ${v1} by ${operator.email}`);
  expect(history).toContain('reason: v2 breaks the pricing table');
});

/**
 * A page load of the canary that failed to render, as a browser of that side reports it: its
 * page-load token from the site (its canary seed, its network), then the beacon through the site.
 */
async function failedCanaryLoad(seed: string, address: string, canary: string): Promise<void> {
  const headers = { 'x-forwarded-for': address, cookie: `kloof-canary=${seed}` };
  const answer = await fetch(`${server.url}${TELEMETRY_TOKEN_PATH}`, {
    headers: { ...headers, 'sec-fetch-site': 'same-origin' },
  });
  const { token } = (await answer.json()) as { token: string };
  const events = ['page-load', 'render-error'].map((kind) => ({
    kind,
    app: 'marketing',
    version: canary,
    route: 'Pricing',
  }));
  const posted = await fetch(`${server.url}/v1/telemetry`, {
    method: 'POST',
    headers: { ...headers, origin: server.url, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ token, events }),
  });
  expect(posted.status).toBe(204);
}

test("a canary's health chart and its table show the render errors its browsers reported", async ({ page }) => {
  const canary = await releaseCanary(
    e2e.releasesDir,
    'marketing',
    await markedBuild('marketing', 'remotes/marketing', 'failing-canary'),
    50,
  );
  const { canary: seeds } = await seedsOnEachSide(server.url, 'marketing', 3);
  for (const [n, seed] of seeds.entries()) await failedCanaryLoad(seed, `198.18.${n}.77`, canary);

  await signedInAt(page, '/manage/releases');
  const health = page.getByRole('region', { name: 'Health' });
  await expect(health.getByRole('combobox', { name: 'App' })).toHaveValue('marketing');
  const row = health.getByRole('table', { name: 'Health of marketing by window' }).getByRole('row', {
    name: new RegExp(`canary ${canary}`),
  });
  // Three browsers, each a page load that failed to render: 3 of 3, 100%.
  await expect(row.getByRole('cell')).toContainText([/./, `canary ${canary}`, '3', '3', '100%']);
  await expect(health.getByRole('list', { name: 'Chart legend' })).toContainText(`canary ${canary}`);
  await expect(health.getByTestId('health-chart').locator('canvas')).toBeVisible();
});

test('the console passes axe in both themes and fits a 375 px phone: cards, health and history', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedInAt(page, '/manage/releases');
  await expect(page.getByRole('table', { name: 'Release history' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Health' }).getByRole('table')).toBeVisible();
  expect(await violationsInEachTheme(page)).toEqual({});
  // Nothing wider than the screen: no sideways scroll of the page, no table past its frame.
  const reach = await page.evaluate(() => [
    document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ...[...document.querySelectorAll('main table')].map((table) => {
      const frame = table.parentElement!;
      return frame.scrollWidth - frame.clientWidth;
    }),
  ]);
  for (const overflow of reach) expect(overflow).toBeLessThanOrEqual(1);
});
