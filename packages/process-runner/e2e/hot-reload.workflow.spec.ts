import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiDevPort, host, remotes } from '@kloof/apps/apps';
import { scaled } from '@kloof/test-kit/slowdown';
import {
  alarmingLines,
  portIsFree,
  startWorkspaceCommand,
  waitForUrls,
  type WorkspaceCommand,
} from '@kloof/test-kit/e2e/workspace-command';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const hostUrl = `http://localhost:${host.port}`;
const admin = { email: 'superadmin@dev-workflow.kloof.test', password: 'dev-workflow-SuperAdmin-passphrase' };
/** The marketing source a developer edits, and the text the edit changes. */
const pricingSource = path.join(repoRoot, 'remotes', 'marketing', 'src', 'pages', 'Pricing.tsx');
const title = 'Clear pricing, in rand';

/**
 * Saves a source file whole, as an editor's safe write does: written beside the remote's sources,
 * then renamed over the file, so its dev server never builds a half-written file.
 */
function save(file: string, text: string): void {
  const aside = path.join(repoRoot, 'remotes', 'marketing', `.${path.basename(file)}.saving`);
  fs.writeFileSync(aside, text);
  fs.renameSync(aside, file);
}

function heading(page: Page, name: string) {
  return page.getByRole('heading', { name, exact: true });
}

type MarkedWindow = Window & { openedByTheTest?: boolean };

/** Marks the open page: a reload (or any new page load) loses the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as MarkedWindow).openedByTheTest = true;
  });
}

function stillTheMarkedPage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as MarkedWindow).openedByTheTest === true);
}

// The development workflow as a developer meets it: `pnpm dev`, every remote through the host's dev
// server, a source edit that reaches the open page by hot update (no reload), Ctrl-C that stops it all.
test('pnpm dev serves every remote through the host, hot-updates an edited page in place and stops quietly', async ({
  page,
}) => {
  test.setTimeout(scaled(360_000));
  const devPorts = [host.port, ...remotes.map((remote) => remote.port), apiDevPort];
  for (const port of devPorts)
    expect(await portIsFree(port), `port ${port} is taken: stop the other dev servers`).toBe(true);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-dev-workflow-'));
  const original = fs.readFileSync(pricingSource, 'utf8');
  expect(original).toContain(`title="${title}"`);
  // A hot update the page turned down (it then reloads, or stays stuck) and uncaught errors.
  const refusedUpdates: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (/\[HMR\].*(Cannot apply|Aborted|full reload)|App updated\. Reloading/.test(message.text()))
      refusedUpdates.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // A script a dev server does not have: a chunk the page asks for that its build lacks.
  const missingScripts: string[] = [];
  page.on('response', (response) => {
    const file = new URL(response.url()).pathname;
    if (response.status() === 404 && file.endsWith('.js')) missingScripts.push(response.url());
  });
  let dev: WorkspaceCommand | undefined;
  try {
    dev = startWorkspaceCommand(['dev'], {
      // Its own database, never the developer's.
      DATA_DIR: path.join(tmp, 'pglite'),
      MAIL_DIR: path.join(tmp, 'mail'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    await waitForUrls(
      [
        `http://127.0.0.1:${apiDevPort}/v1/health`,
        `${hostUrl}/`,
        ...remotes.map((remote) => `http://localhost:${remote.port}/mf-manifest.json`),
      ],
      dev,
      scaled(180_000),
    );

    // Development bundles are large and unminified, from six dev servers on a busy machine: the
    // first visit of each page's code (every remote's first page) waits longer than a usual expectation.
    const firstLoad = { timeout: scaled(60_000) };

    // marketing: the first page after `pnpm dev` is a public page, as a developer opens it.
    await page.goto(`${hostUrl}/`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible(firstLoad);

    // auth, then client-area signed in, admin and marketing, all in one page: marketing loads after
    // React (as a link opens it).
    await page.goto(`${hostUrl}/auth/login`);
    const form = page.getByRole('main');
    await expect(form.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible(firstLoad);
    await markPage(page);
    await form.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(admin.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    // No origin to return to: home (spec §2), then the header's way into the client area.
    await expect(page).toHaveURL(/:\d+\/$/, firstLoad);
    await page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(heading(page, 'Dashboard')).toBeVisible(firstLoad);
    await page.getByRole('navigation', { name: 'Client area' }).getByRole('link', { name: 'Manage' }).click();
    await expect(heading(page, 'Manage')).toBeVisible(firstLoad);
    await page.getByRole('banner').getByRole('link', { name: 'Kloof Digital' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(heading(page, title)).toBeVisible(firstLoad);
    expect(await stillTheMarkedPage(page), 'the page reloaded on the way').toBe(true);

    // The edit: the new text appears in the open page, which is not reloaded; then the restore.
    try {
      save(pricingSource, original.replace(`title="${title}"`, `title="${title}, hot"`));
      await expect(heading(page, `${title}, hot`)).toBeVisible({ timeout: scaled(30_000) });
      expect(await stillTheMarkedPage(page), 'the edit reloaded the page').toBe(true);
    } finally {
      save(pricingSource, original);
    }
    await expect(heading(page, title)).toBeVisible({ timeout: scaled(30_000) });
    expect(await stillTheMarkedPage(page), 'the restore reloaded the page').toBe(true);
    expect(refusedUpdates).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(missingScripts).toEqual([]);

    const code = await dev.interrupt();
    expect(alarmingLines(dev.output()), dev.output().slice(-4000)).toEqual([]);
    expect(code).toBe(0);
    for (const port of devPorts) expect(await portIsFree(port), `port ${port} still taken`).toBe(true);
  } finally {
    if (fs.readFileSync(pricingSource, 'utf8') !== original) save(pricingSource, original);
    await dev?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
