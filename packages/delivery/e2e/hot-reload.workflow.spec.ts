import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiDevPort, host, remotes } from '@kloof/federation/apps';
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

function heading(page: Page, name: string) {
  return page.getByRole('heading', { name, exact: true });
}

// The development workflow as a developer meets it: `pnpm dev`, every remote through the host's dev
// server, a source edit that reaches the open page by hot update (no reload), Ctrl-C that stops it all.
// fixme: under `pnpm dev`, /dashboard after signing in stayed at "Loading" for 60 s while the host's
// dev server pushed a hot update the page rejected ("[HMR] Aborted because 87 is not accepted");
// not yet diagnosed (dev-only defect or the test's order). The start, the stop and the cleanup pass.
test.fixme('pnpm dev serves every remote through the host, hot-updates an edited page in place and stops quietly', async ({
  page,
}) => {
  test.setTimeout(scaled(600_000));
  const devPorts = [host.port, ...remotes.map((remote) => remote.port), apiDevPort];
  for (const port of devPorts)
    expect(await portIsFree(port), `port ${port} is taken: stop the other dev servers`).toBe(true);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-dev-workflow-'));
  const original = fs.readFileSync(pricingSource, 'utf8');
  expect(original).toContain(`title="${title}"`);
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
      scaled(300_000),
    );

    // auth, then client-area signed in, then admin: each remote's page through the host.
    // The first visit of each remote waits for its dev server's first on-demand build.
    const firstVisit = { timeout: scaled(60_000) };
    await page.goto(`${hostUrl}/auth/login`);
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(admin.email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, firstVisit);
    await expect(heading(page, 'Dashboard')).toBeVisible(firstVisit);
    await page.goto(`${hostUrl}/manage`);
    await expect(heading(page, 'Manage')).toBeVisible(firstVisit);

    // marketing, then the edit: the new text appears and the page's own state survives.
    await page.goto(`${hostUrl}/pricing`);
    await expect(heading(page, title)).toBeVisible(firstVisit);
    await page.evaluate(() => ((window as unknown as Record<string, unknown>).loadedBeforeTheEdit = true));
    try {
      fs.writeFileSync(pricingSource, original.replace(`title="${title}"`, `title="${title}, hot"`));
      await expect(heading(page, `${title}, hot`)).toBeVisible({ timeout: scaled(60_000) });
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).loadedBeforeTheEdit)).toBe(true);
    } finally {
      fs.writeFileSync(pricingSource, original);
    }
    await expect(heading(page, title)).toBeVisible({ timeout: scaled(60_000) });

    const code = await dev.interrupt();
    expect(alarmingLines(dev.output()), dev.output().slice(-4000)).toEqual([]);
    expect(code).toBe(0);
    for (const port of devPorts) expect(await portIsFree(port), `port ${port} still taken`).toBe(true);
  } finally {
    if (fs.readFileSync(pricingSource, 'utf8') !== original) fs.writeFileSync(pricingSource, original);
    await dev?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
