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

/** Set on the page once its script has read the body of a /telemetry-token answer. */
const TOKEN_READ = '__kloofTelemetryTokenRead';

/**
 * Marks the page once its script has read a /telemetry-token answer's body (Response.json): the
 * reporter stores the token in the promise reactions that follow in the same microtask checkpoint,
 * so a later task that sees the mark sees a page holding its token.
 */
function markTokenRead(names: { mark: string; path: string }): void {
  const json = Response.prototype.json;
  Response.prototype.json = async function (this: Response) {
    const value: unknown = await json.call(this);
    if (new URL(this.url).pathname === names.path) (window as unknown as Record<string, boolean>)[names.mark] = true;
    return value;
  };
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
   * A page left before its script read its token reports nothing (by design: the batch flushed at
   * pagehide waits for the token, and an unloaded page runs no more script). The answer having
   * arrived (Playwright's response.finished()) is not enough: on a busy machine the page's script
   * can read it only after the navigation away began, and such a visit would silently not count.
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
    await page.addInitScript(markTokenRead, { mark: TOKEN_READ, path: TELEMETRY_TOKEN_PATH });
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
    // The page's script has read it (not only the network): the page holds its token before it leaves.
    await page.waitForFunction((mark) => (window as unknown as Record<string, boolean>)[mark] === true, TOKEN_READ, {
      timeout: scaled(30_000),
    });
    await page.goto('about:blank'); // pagehide: the batch leaves by sendBeacon now
    return outcome;
  };
}
