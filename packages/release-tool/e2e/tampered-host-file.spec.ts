import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@kloof/test-kit/e2e';
import { liveVersion, releasedSitePerFile } from './release-fixtures';
import { changeOneByte } from './tampering';
import { cachedHash, changeStoredCopy, controlled, sha384 } from './worker-cache';

test.describe.configure({ mode: 'serial' });

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const site = releasedSitePerFile('tampered-host-file-e2e');

/** The live host's stored chunk that `is` picks (by its name and code), and its URL on the site. */
async function hostChunk(is: (name: string, code: string) => boolean): Promise<{ file: string; url: string }> {
  const folder = path.join(site.dir, 'host', await liveVersion(site.dir, 'host'));
  for (const name of (await fs.readdir(folder)).filter((file) => file.endsWith('.js'))) {
    if (is(name, await fs.readFile(path.join(folder, name), 'utf8'))) {
      return { file: path.join(folder, name), url: `${site.server.url}/${name}` };
    }
  }
  throw new Error(`no chunk of the live host in ${folder} is the one asked for`);
}

const failed = (page: Page) => page.getByRole('heading', { name: 'Something went wrong' });
/** A signed-out visitor of the client area is sent to sign in, once the client area's shell has run. */
const signInShown = (page: Page) => page.getByRole('textbox', { name: /e-mail/i });

test('a host chunk changed on the way is never run nor kept; once the file is fixed, the next load runs the fixed one', async ({
  page,
}) => {
  // The client area's shell: a host chunk loaded after start-up, so the page itself starts.
  const shellChunk = await hostChunk((_, code) => code.includes('"Client area"'));
  const main = await hostChunk((name) => name.startsWith('main.'));
  const fix = await changeOneByte(shellChunk.file);

  // First visit: the browser refuses the chunk for its hash; the worker installs without it.
  await page.goto(`${site.server.url}/dashboard`);
  await expect(failed(page)).toBeVisible();
  await controlled(page);
  await expect.poll(() => cachedHash(page, main.url)).toBe(await sha384(main.file));
  expect(await cachedHash(page, shellChunk.url)).toBeNull();

  // Through the worker, the server still changed: refused again, and still not kept.
  await page.reload();
  await expect(failed(page)).toBeVisible();
  expect(await cachedHash(page, shellChunk.url)).toBeNull();

  await fix();
  const fixed = await sha384(shellChunk.file);
  // The same tab, reloaded.
  await page.reload();
  await expect(signInShown(page)).toBeVisible();
  await expect(failed(page)).toHaveCount(0);
  await expect.poll(() => cachedHash(page, shellChunk.url)).toBe(fixed);
  // A new tab of the same browser (same worker and caches).
  const next = await page.context().newPage();
  await next.goto(`${site.server.url}/dashboard`);
  await expect(signInShown(next)).toBeVisible();
  await expect(failed(next)).toHaveCount(0);
});

test("a stored host file that no longer matches its build's hash is dropped and downloaded again", async ({ page }) => {
  const shellChunk = await hostChunk((_, code) => code.includes('"Client area"'));
  await page.goto(`${site.server.url}/dashboard`);
  await expect(signInShown(page)).toBeVisible();
  await controlled(page);
  const good = await sha384(shellChunk.file);
  await expect.poll(() => cachedHash(page, shellChunk.url)).toBe(good);

  await changeStoredCopy(page, shellChunk.url);
  expect(await cachedHash(page, shellChunk.url)).not.toBe(good);

  const next = await page.context().newPage();
  await next.goto(`${site.server.url}/dashboard`);
  await expect(signInShown(next)).toBeVisible();
  await expect(failed(next)).toHaveCount(0);
  await expect.poll(() => cachedHash(next, shellChunk.url)).toBe(good);
});

test('a changed entry script on a first visit runs nothing; once the file is fixed, the next load runs it despite the HTTP cache', async ({
  page,
}) => {
  const main = await hostChunk((name) => name.startsWith('main.'));
  const fix = await changeOneByte(main.file);
  const blocked = page.waitForEvent('console', (message) => /integrity/.test(message.text()));
  await page.goto(`${site.server.url}/dashboard`);
  expect((await blocked).text()).toContain(main.url);
  // Nothing of the app ran: no page rendered, no service worker registered.
  await expect(page.locator('#root')).toBeEmpty();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null)).toBeNull();

  // The browser's HTTP cache keeps the refused copy as immutable; the page asks past it.
  await fix();
  await page.reload();
  await expect(signInShown(page)).toBeVisible();
  await controlled(page);
  await expect.poll(() => cachedHash(page, main.url)).toBe(await sha384(main.file));
  const next = await page.context().newPage();
  await next.goto(`${site.server.url}/dashboard`);
  await expect(signInShown(next)).toBeVisible();
});

test('a host file this worker did not pin is never stored by it; offline, the copy a newer worker checked and stored is used', async ({
  page,
}) => {
  // A file of another host build on the site (as an older host's chunks stay served).
  const folder = path.join(site.dir, 'host', await liveVersion(site.dir, 'host'));
  await fs.writeFile(path.join(folder, 'other.0123456789.js'), 'console.log("another host build");');
  const url = `${site.server.url}/other.0123456789.js`;
  await page.goto(`${site.server.url}/dashboard`);
  await expect(signInShown(page)).toBeVisible();
  await controlled(page);

  // Past the browser's HTTP cache, which would answer offline before the worker's fallback.
  const fetched = (href: string) =>
    page.evaluate(async (file) => (await fetch(file, { cache: 'no-store' })).text(), href);
  expect(await fetched(url)).toBe('console.log("another host build");');
  expect(await cachedHash(page, url)).toBeNull();

  // A newer host release's worker, installed and waiting, stored its own files after checking them.
  await page.evaluate(async (href) => {
    await (await caches.open('kloof-host')).put(href, new Response('console.log("checked by the newer worker");'));
  }, url);
  await page.context().setOffline(true);
  expect(await fetched(url)).toBe('console.log("checked by the newer worker");');
  await page.context().setOffline(false);
});
