import { expect, test } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';
import { kloof, liveVersion, markedBuild, releasedSitePerFile } from './release-fixtures';

// Releases reach a returning visitor whose pages are served by the service worker.
test.describe.configure({ mode: 'serial' });

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const site = releasedSitePerFile('updates-e2e');

// The host's first release is a marked build: the tests tell its v1 from their v2.
test.beforeAll(async () => {
  await kloof(site.dir, 'release', 'host', '--from', await markedBuild('host', 'host', 'v1'));
});

/** A returning visitor: the service worker is installed and controls the page. */
async function visitWithServiceWorker(page: Page, route: string): Promise<void> {
  await page.goto(`${site.server.url}${route}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

test('a new host release asks "New content available. Reload?" and shows the new build once confirmed', async ({
  page,
}) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await visitWithServiceWorker(page, '/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-host-build', 'v1');
  expect(logs).toContain('Kloof Digital is ready to work offline.');
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  await kloof(site.dir, 'release', 'host', '--from', await markedBuild('host', 'host', 'v2'));
  await page.reload();
  const prompt = page.getByText('New content available. Reload?', { exact: true });
  await expect(prompt).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.locator('html')).toHaveAttribute('data-host-build', 'v2');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  // The new worker (the v2 sw.js) now controls the page, and asks nothing more.
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBeNull();
  const swText = await page.evaluate(async () => (await fetch('/sw.js')).text());
  expect(swText).toContain('// host build v2');
});

test('a new release of one remote is served on the next load, with no host change and no stale cache', async ({
  page,
}) => {
  await kloof(site.dir, 'release', 'marketing', '--from', await markedBuild('marketing', 'remotes/marketing', 'r1'));
  const hostVersion = await liveVersion(site.dir, 'host');
  await visitWithServiceWorker(page, '/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'r1');

  await kloof(site.dir, 'release', 'marketing', '--from', await markedBuild('marketing', 'remotes/marketing', 'r2'));
  const r2 = await liveVersion(site.dir, 'marketing');
  const entry = page.waitForResponse((r) => r.url().endsWith(`/remotes/marketing/${r2}/remoteEntry.js`));
  await page.reload();
  expect((await entry).ok()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'r2');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  expect(await liveVersion(site.dir, 'host')).toBe(hostVersion);
  await expect(page.getByText('New content available. Reload?')).toHaveCount(0);

  // And a rollback reaches the same visitor on the next load too.
  await kloof(site.dir, 'rollback', 'marketing');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'r1');
});
