import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { chooseRelease, newSeed, SEED_COOKIE, type RegistryDocument } from '@kloof/release-registry';
import { TELEMETRY_TOKEN_PATH } from '@kloof/api-contract/constants';

/** Seeds that send a browser to an app's canary (or not) under this registry. */
function seedsFor(registry: RegistryDocument, app: string, canary: boolean, count: number): string[] {
  const seeds: string[] = [];
  while (seeds.length < count) {
    const seed = newSeed();
    if (chooseRelease(registry, app, seed)?.canary === canary) seeds.push(seed);
  }
  return seeds;
}

/** `count` seeds for each side of an app's canary, as the site's registry.json splits browsers now. */
export async function seedsOnEachSide(
  siteUrl: string,
  app: string,
  count: number,
): Promise<{ canary: string[]; stable: string[] }> {
  const registry = (await (await fetch(`${siteUrl}/registry.json`)).json()) as RegistryDocument;
  return { canary: seedsFor(registry, app, true, count), stable: seedsFor(registry, app, false, count) };
}

/**
 * Fresh browsers for full page loads, closed only after the test: closing a context right after
 * its page left can cancel the beacon still on its way. Registers its own afterEach.
 */
export function visitors(siteUrl: () => string) {
  const open: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  /**
   * One full load of `path` in a fresh browser with this seed (and, behind a trusted proxy, this
   * address); waits until React rendered the heading (the remote page ran) and the page holds its
   * telemetry token, then leaves, which sends its telemetry (page load, web vitals) by sendBeacon.
   * A page left before its token arrived reports nothing (by design): on a busy machine the token
   * can come after the heading, and such a visit would silently not count.
   */
  return async function visit(
    browser: Browser,
    seed: string,
    path: string,
    heading: RegExp,
    address?: string,
  ): Promise<'rendered' | 'failed'> {
    const context = await browser.newContext(address ? { extraHTTPHeaders: { 'x-forwarded-for': address } } : {});
    open.push(context);
    await context.addCookies([{ name: SEED_COOKIE, value: seed, url: siteUrl() }]);
    const page = await context.newPage();
    const tokenServed = page.waitForResponse((response) => new URL(response.url()).pathname === TELEMETRY_TOKEN_PATH, {
      timeout: scaled(30_000),
    });
    await page.goto(`${siteUrl()}${path}`);
    const rendered = page.getByRole('main').getByRole('heading', { level: 1, name: heading });
    const failed = page.getByRole('heading', { name: 'This page could not be loaded' });
    await expect(rendered.or(failed)).toBeVisible({ timeout: scaled(30_000) });
    const outcome = (await failed.isVisible()) ? 'failed' : 'rendered';
    // A prerendered page shows its heading before any script ran: leave only once React has it.
    await expect
      .poll(() =>
        (outcome === 'failed' ? failed : rendered).evaluate((element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps')),
        ),
      )
      .toBe(true);
    const token = await tokenServed;
    expect(token.status()).toBe(200);
    await token.finished(); // its body read: the page has the token before it leaves
    await page.goto('about:blank'); // pagehide: the batch leaves by sendBeacon now
    return outcome;
  };
}
