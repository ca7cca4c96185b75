import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { kloof, liveVersion, markedBuild, releaseCanary, releasedSitePerFile } from './release-fixtures';

// One releases folder and one production server for the whole file: the tests are a story.
test.describe.configure({ mode: 'serial' });

// What this file tests goes through the service worker: the config blocks it for the others.
test.use({ serviceWorkers: 'allow' });

const site = releasedSitePerFile('canary-e2e');

/**
 * Loads /pricing once and tells which marketing build rendered it and from which version
 * folders the page fetched marketing files (more than one would be a mixed page load).
 */
async function load(page: Page): Promise<{ build: string | null; folders: Set<string> }> {
  const folders = new Set<string>();
  const listener = (request: { url: () => string }) => {
    const match = /\/remotes\/marketing\/([^/]+)\//.exec(request.url());
    if (match) folders.add(match[1]!);
  };
  page.on('request', listener);
  await page.goto(`${site.server.url}/pricing`, { waitUntil: 'commit' });
  // The marked remote entry sets the attribute as it runs: no need to wait for the whole page.
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', /./, { timeout: scaled(30_000) });
  page.off('request', listener);
  return { build: await page.locator('html').getAttribute('data-marketing-build'), folders };
}

async function visitors(browser: Browser, count: number) {
  return Promise.all(Array.from({ length: count }, () => browser.newContext()));
}

test('a canary goes to about its share of fresh browsers, each always the same version, never mixed in one load', async ({
  browser,
}) => {
  test.setTimeout(scaled(420_000));
  await kloof(
    site.dir,
    'release',
    'marketing',
    '--from',
    await markedBuild('marketing', 'remotes/marketing', 'stable'),
  );
  const stable = await liveVersion(site.dir, 'marketing');
  const canaryBuild = await markedBuild('marketing', 'remotes/marketing', 'canary');
  const canary = await releaseCanary(site.dir, 'marketing', canaryBuild, 30);
  expect(await liveVersion(site.dir, 'marketing')).toBe(stable);

  const contexts = await visitors(browser, 24);
  const seen: string[] = [];
  const visit = async (context: BrowserContext) => {
    const page = await context.newPage();
    const first = await load(page);
    expect(first.build).toMatch(/^(stable|canary)$/);
    // Every browser once more: always the same version.
    const next = await load(page);
    expect(next.build, 'the same browser gets the same version on its next load').toBe(first.build);
    expect([...next.folders]).toEqual([first.build === 'canary' ? canary : stable]);
    expect([...first.folders]).toEqual([first.build === 'canary' ? canary : stable]);
    seen.push(first.build!);
    await page.close();
  };
  try {
    for (let i = 0; i < contexts.length; i += 2) {
      await Promise.all(contexts.slice(i, i + 2).map((context) => visit(context)));
    }
    const canaries = seen.filter((build) => build === 'canary').length;
    // 24 draws at 30%: 7.2 expected (sd 2.24). Between 1 and 15 in 99.96% of runs (the old band
    // of 2-14 failed once in ~330 runs, as it did in a CI run with 1 canary): a split that ignores
    // the share (0 or 24) still fails at once.
    expect(seen).toHaveLength(24);
    expect(canaries).toBeGreaterThanOrEqual(1);
    expect(canaries).toBeLessThanOrEqual(15);

    // Promote: every browser (service worker and all) gets the canary on its next load.
    await kloof(site.dir, 'promote', 'marketing');
    for (const context of contexts.slice(0, 6)) {
      const page = await context.newPage();
      expect((await load(page)).build).toBe('canary');
      await page.close();
    }

    // A second canary at 50%, aborted: everyone is back on the promoted version.
    await releaseCanary(site.dir, 'marketing', await markedBuild('marketing', 'remotes/marketing', 'next'), 50);
    await kloof(site.dir, 'rollback', 'marketing');
    for (const context of contexts.slice(0, 6)) {
      const page = await context.newPage();
      expect((await load(page)).build).toBe('canary');
      await page.close();
    }
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('an open page keeps the versions it started with until its next full load', async ({ page }) => {
  await kloof(site.dir, 'release', 'marketing', '--from', await markedBuild('marketing', 'remotes/marketing', 'later'));
  const before = await liveVersion(site.dir, 'marketing');
  await page.goto(`${site.server.url}/`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await kloof(site.dir, 'rollback', 'marketing');
  expect(await liveVersion(site.dir, 'marketing')).not.toBe(before);

  // Navigating inside the open page loads more marketing pages from the version it started with.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: /pricing/i })).toBeVisible();
  const marketingFolders = new Set(requests.flatMap((url) => /\/remotes\/marketing\/([^/]+)\//.exec(url)?.[1] ?? []));
  expect([...marketingFolders].every((folder) => folder === before)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-marketing-build', 'later');
});
