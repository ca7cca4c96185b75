import type { Browser, Page } from '@playwright/test';
import { newSeed, SEED_COOKIE } from '@kloof/release-registry';
import { readRegistryFile, releasesLayout } from '@kloof/release-store/folder';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { kloof, markedBuild, releasedSitePerFile } from './release-fixtures';

// One releases folder and one production server for the whole file.
test.describe.configure({ mode: 'serial' });

const site = releasedSitePerFile('release-set-e2e');

/** The two remotes of the set, a page of each, and the attribute its marked remote entry sets. */
const PAGES = [
  { app: 'marketing', dir: 'remotes/marketing', path: '/pricing', heading: /pricing/i },
  { app: 'auth', dir: 'remotes/auth', path: '/auth/login', heading: /sign in/i },
] as const;

/** What one browser got for one page: the build that ran, and whether the server sent prerendered HTML. */
interface Seen {
  build: string | null;
  prerendered: boolean;
}

async function load(page: Page, target: (typeof PAGES)[number]): Promise<Seen> {
  const response = await page.goto(`${site.server.url}${target.path}`);
  const html = (await response?.text()) ?? '';
  const attribute = `data-${target.app}-build`;
  // The marked remote entry sets the attribute as it runs (the page's own remote, at the version chosen).
  await expect(page.locator('html')).toHaveAttribute(attribute, /./, { timeout: scaled(30_000) });
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
  return { build: await page.locator('html').getAttribute(attribute), prerendered: html.includes('data-prerendered=') };
}

/** A fresh browser with its own seed: the marketing page, the auth page, then the marketing page again. */
async function visit(browser: Browser, seed: string): Promise<{ seed: string; seen: Seen[] }> {
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: SEED_COOKIE, value: seed, url: site.server.url }]);
    const page = await context.newPage();
    const seen = [await load(page, PAGES[0]), await load(page, PAGES[1]), await load(page, PAGES[0])];
    return { seed, seen };
  } finally {
    await context.close();
  }
}

test('a canary of a release set: every browser gets both remotes at canary or both at stable, never a mix', async ({
  browser,
}) => {
  test.setTimeout(scaled(600_000));
  /** The marketing and auth builds marked with one label. */
  const builds = async (label: string) =>
    Promise.all([PAGES[0], PAGES[1]].map((p) => markedBuild(p.app, p.dir, label))) as Promise<[string, string]>;
  const [marketingStable, authStable] = await builds('stable');
  await kloof(site.dir, 'release', 'marketing', 'auth', '--from', marketingStable, '--from', authStable);
  const [marketingCanary, authCanary] = await builds('canary');
  const said = await kloof(
    site.dir,
    'release',
    'marketing',
    'auth',
    '--from',
    marketingCanary,
    '--from',
    authCanary,
    '--canary',
    '50',
  );
  const set = /release set (set-\S+): canary for 50% of browsers/.exec(said)?.[1];
  expect(set, said).toBeDefined();
  const registry = await readRegistryFile(releasesLayout(site.dir));
  expect([registry.apps.marketing?.canary?.set, registry.apps.auth?.canary?.set]).toEqual([set, set]);

  const BROWSERS = 24;
  const results: { seed: string; seen: Seen[] }[] = [];
  for (let i = 0; i < BROWSERS; i += 2) {
    results.push(...(await Promise.all([visit(browser, newSeed()), visit(browser, newSeed())])));
  }

  const sides = results.map(({ seed, seen }) => ({
    seed,
    marketing: seen[0]!.build,
    auth: seen[1]!.build,
    marketingAgain: seen[2]!.build,
    prerendered: seen.map((s) => s.prerendered),
  }));
  const count = (marketing: string, auth: string) =>
    sides.filter((s) => s.marketing === marketing && s.auth === auth).length;
  const sample = {
    browsers: sides.length,
    bothCanary: count('canary', 'canary'),
    bothStable: count('stable', 'stable'),
    marketingCanaryAuthStable: count('canary', 'stable'),
    marketingStableAuthCanary: count('stable', 'canary'),
  };
  // The sample, for the record of this run (seeds are random: the split varies, a mix never appears).
  console.log(`release set ${set} canary at 50%: ${JSON.stringify(sample)}`);

  for (const side of sides) {
    expect(side.auth, `browser ${side.seed}: auth beside marketing ${side.marketing}`).toBe(side.marketing);
    expect(side.marketingAgain, `browser ${side.seed}: the same version on its next load`).toBe(side.marketing);
    // The server's prerendered choice agrees with the host's: pages are prerendered for stable pairs only.
    expect(side.prerendered, `browser ${side.seed}: prerendered pages`).toEqual(
      Array(3).fill(side.marketing === 'stable'),
    );
  }
  // 24 fair draws: both sides appear (all on one side: 2 in 16.7 million runs).
  expect(sample.bothCanary).toBeGreaterThan(0);
  expect(sample.bothStable).toBeGreaterThan(0);
  expect(sample.bothCanary + sample.bothStable).toBe(BROWSERS);

  // Promoting the set by one of its apps: every browser gets both canaries.
  expect(await kloof(site.dir, 'promote', 'auth')).toContain(
    `auth is part of release set ${set}: the whole set is promoted.`,
  );
  const afterPromote = await visit(browser, results.find((r) => r.seen[0]!.build === 'stable')!.seed);
  expect(afterPromote.seen.map((s) => s.build)).toEqual(['canary', 'canary', 'canary']);
});
