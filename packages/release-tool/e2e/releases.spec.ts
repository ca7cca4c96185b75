import fs from 'node:fs/promises';
import path from 'node:path';
import type { RegistryDocument } from '@kloof/release-registry';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import { expect, test } from '@kloof/test-kit/e2e';
import type { Page } from '@playwright/test';
import { kloof, liveVersion, markedBuild, releasedSitePerFile, snapshotBuild, startServer } from './release-fixtures';

/** The page without the registry it carries (#kloof-boot), which names every live version. */
const withoutBootData = (html: string) =>
  html.replace(/<script type="application\/json" id="kloof-boot">.*?<\/script>/s, '');

// One releases folder and one production server for the whole file: the tests are a story.
test.describe.configure({ mode: 'serial' });

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const site = releasedSitePerFile('releases-e2e');

/** Opens a page and records which release folder each remote was loaded from. */
async function open(page: Page, route: string): Promise<Map<string, string>> {
  const loadedFrom = new Map<string, string>();
  page.on('request', (request) => {
    const match = /\/remotes\/(\w+)\/([^/]+)\/remoteEntry\.js$/.exec(request.url());
    if (match) loadedFrom.set(match[1]!, match[2]!);
  });
  await page.goto(`${site.server.url}${route}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  return loadedFrom;
}

test('a release of one remote shows on the next load, a rollback brings the old one back, nothing else moves', async ({
  page,
}) => {
  const hostBefore = await liveVersion(site.dir, 'host');
  const authBefore = await liveVersion(site.dir, 'auth');
  const indexBefore = withoutBootData(await (await fetch(`${site.server.url}/`)).text());

  await kloof(site.dir, 'release', 'marketing', '--from', await markedBuild('marketing', 'remotes/marketing', 'v1'));
  const v1 = await liveVersion(site.dir, 'marketing');
  await kloof(site.dir, 'release', 'marketing', '--from', await markedBuild('marketing', 'remotes/marketing', 'v2'));
  const v2 = await liveVersion(site.dir, 'marketing');
  expect(v2).not.toBe(v1);

  let loaded = await open(page, '/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'v2');
  expect(loaded.get('marketing')).toBe(v2);

  const rolledBack = await kloof(site.dir, 'rollback', 'marketing');
  expect(rolledBack).toContain(`marketing: rolled back ${v2} -> ${v1}`);
  loaded = await open(page, '/pricing');
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'v1');
  expect(loaded.get('marketing')).toBe(v1);

  // The host and the other remotes were not touched.
  loaded = await open(page, '/auth/login');
  expect(loaded.get('auth')).toBe(authBefore);
  expect(await liveVersion(site.dir, 'host')).toBe(hostBefore);
  expect(withoutBootData(await (await fetch(`${site.server.url}/`)).text())).toBe(indexBefore);

  const status = await kloof(site.dir, 'status');
  expect(status).toContain(`marketing: live ${v1}`);
  expect(status).toMatch(new RegExp(`last change: \\S+ rollback marketing ${v2} -> ${v1} by e2e`));
});

test('a remote with no good version left (live and last known good folders gone) costs only its own routes, and recovers when they are back', async ({
  page,
}) => {
  // The live version and its last known good one (which browsers would fall back to) both gone.
  const registry = await readRegistryFile(releasesLayout(site.dir));
  const gone = [registry.apps.marketing!.stable!.version, registry.apps.marketing!.fallback!.version].map((version) =>
    path.join(site.dir, 'marketing', version),
  );
  for (const folder of gone) await fs.rename(folder, `${folder}.parked`);
  try {
    await page.goto(`${site.server.url}/pricing`);
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  } finally {
    for (const folder of gone) await fs.rename(`${folder}.parked`, folder);
  }
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
});

test('a remote published on its own server that stops costs only its own routes, and recovers when it restarts', async ({
  browser,
}) => {
  // The auth team publishes on its own origin (here: a second server on the same folder).
  let authServer = await startServer(site.dir);
  const authPort = authServer.port;
  // A returning visitor, whose service worker holds the remote's files, and a first-time visitor.
  const returning = await browser.newContext();
  const firstTime = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await kloof(
      site.dir,
      'release',
      'auth',
      '--from',
      await snapshotBuild('auth', 'remotes/auth'),
      '--origin',
      authServer.url,
    );
    const registry = (await (await fetch(`${site.server.url}/registry.json`)).json()) as RegistryDocument;
    expect(registry.apps.auth?.origin).toBe(authServer.url);

    const back = await returning.newPage();
    const loaded = await open(back, '/auth/login');
    expect(loaded.has('auth')).toBe(true);
    // The worker keeps the remote's files as CORS answers: an opaque copy could never serve the
    // page's <script crossorigin> requests (ERR_FAILED), not even once the origin is back.
    const cachedLogin = () =>
      back.evaluate(async (origin) => {
        const cache = await caches.open('kloof-chunks');
        const chunk = (await cache.keys()).find(
          (request) => request.url.startsWith(origin) && /__federation_expose_Login\./.test(request.url),
        );
        return chunk ? ((await cache.match(chunk))?.type ?? 'missing') : 'missing';
      }, authServer.url);
    await expect.poll(cachedLogin).not.toBe('missing');
    expect(await cachedLogin()).toBe('cors');

    await authServer.stop();
    const page = await firstTime.newPage();
    await page.goto(`${site.server.url}/auth/login`);
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    // The returning visitor still has the page, from the worker's copies.
    await back.reload();
    await expect(back.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(back.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);

    authServer = await startServer(site.dir, authPort);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveText(
      'This page could not be loaded',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
  } finally {
    await returning.close();
    await firstTime.close();
    await authServer.stop();
    await kloof(site.dir, 'release', 'auth', '--from', await snapshotBuild('auth', 'remotes/auth'), '--origin=');
  }
});

test('every kind of file gets its cache and security headers', async ({ request }) => {
  const marketing = `/remotes/marketing/${await liveVersion(site.dir, 'marketing')}`;
  const manifest = (await (await request.get(`${site.server.url}${marketing}/mf-manifest.json`)).json()) as {
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  const remoteChunk = manifest.exposes[0]!.assets.js.sync[0]!;
  const indexHtml = await (await request.get(`${site.server.url}/`)).text();
  const hostChunk = /<script[^>]+src="\/([^"]+\.js)"/.exec(indexHtml)![1]!;

  const noCache = 'no-cache';
  const immutable = 'public, max-age=31536000, immutable';
  const files: [string, string, string, number][] = [
    ['/', 'text/html', noCache, 200],
    ['/manage/user/3f2a9c81-0d00-4000-8000-000000000000', 'text/html', noCache, 200],
    ['/client/deep/link', 'text/html', noCache, 404],
    ['/registry.json', 'application/json', noCache, 200],
    ['/config.json', 'application/json', noCache, 200],
    ['/sw.js', 'javascript', noCache, 200],
    [`/${hostChunk}`, 'javascript', immutable, 200],
    [`${marketing}/mf-manifest.json`, 'application/json', noCache, 200],
    [`${marketing}/remoteEntry.js`, 'javascript', noCache, 200],
    [`${marketing}/${remoteChunk}`, 'javascript', immutable, 200],
  ];
  for (const [url, type, cacheControl, status] of files) {
    const response = await request.get(`${site.server.url}${url}`, { headers: { 'accept-encoding': 'gzip, br' } });
    const headers = response.headers();
    expect(response.status(), url).toBe(status);
    expect(headers['content-type'], url).toContain(type);
    expect(headers['cache-control'], url).toBe(cacheControl);
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
    expect(headers['content-security-policy'], url).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    if ((await response.body()).length > 2048 && type !== 'text/html')
      expect(headers['content-encoding'], url).toMatch(/br|gzip/);
  }
  expect((await request.get(`${site.server.url}/v1/health`)).ok()).toBe(true);
});
