import fs from 'node:fs/promises';
import { createAccount, e2e, expect, test, type Account } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import type { Page } from '@playwright/test';
import { kloof, liveVersion, markedBuild, releaseEveryApp, startServer, type RunningServer } from './release-fixtures';

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
  server = await startServer(e2e.releasesDir);
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
