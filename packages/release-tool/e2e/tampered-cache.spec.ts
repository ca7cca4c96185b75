import path from 'node:path';
import { expect, test } from '@kloof/test-kit/e2e';
import { liveVersion, releasedSitePerFile } from './release-fixtures';
import { changeOneByte, pageChunkOf } from './tampering';
import { cachedHash, changeStoredCopy, controlled, sha384 } from './worker-cache';

test.describe.configure({ mode: 'serial' });

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const site = releasedSitePerFile('tampered-cache-e2e');

/** The stored file of one exposed page of a remote's live version, and its URL on the site. */
async function pageChunk(app: string, expose: string): Promise<{ file: string; url: string }> {
  const version = await liveVersion(site.dir, app);
  const folder = path.join(site.dir, app, version);
  const chunk = await pageChunkOf(folder, expose);
  return { file: path.join(folder, chunk), url: `${site.server.url}/remotes/${app}/${version}/${chunk}` };
}

test('a tampered page chunk is never kept by the service worker: once the file is fixed, the same browser loads the page', async ({
  page,
}) => {
  const pricing = await pageChunk('marketing', './Pricing');
  const fix = await changeOneByte(pricing.file);
  // First visit: the integrity check stops the chunk; the worker installs and is handed what loaded.
  await page.goto(`${site.server.url}/pricing`);
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await controlled(page);
  // Second load, through the worker: stopped again, and the worker stores no copy of it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  expect(await cachedHash(page, pricing.url)).toBeNull();

  await fix();
  // The next load, in a new tab of the same browser (same worker, same caches; a tab's own memory
  // cache would hand the page the bad bytes it already refused without asking the worker).
  const next = await page.context().newPage();
  await next.goto(`${site.server.url}/pricing`);
  await expect(next.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  await expect(next.getByRole('alert')).toHaveCount(0);
  // The copy the worker keeps now is the fixed file.
  await expect.poll(() => cachedHash(next, pricing.url)).toBe(await sha384(pricing.file));
});

test('a stored copy that no longer matches its hash is dropped and downloaded again', async ({ page }) => {
  const login = await pageChunk('auth', './Login');
  await page.goto(`${site.server.url}/auth/login`);
  await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeVisible();
  await controlled(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeVisible();
  const good = await sha384(login.file);
  await expect.poll(() => cachedHash(page, login.url)).toBe(good);

  // The cache itself is changed (as a bad copy stored by an older worker would be).
  await changeStoredCopy(page, login.url);
  expect(await cachedHash(page, login.url)).not.toBe(good);

  const next = await page.context().newPage();
  await next.goto(`${site.server.url}/auth/login`);
  await expect(next.getByRole('textbox', { name: /e-mail/i })).toBeVisible();
  await expect(next.getByRole('alert')).toHaveCount(0);
  await expect.poll(() => cachedHash(next, login.url)).toBe(good);
});
