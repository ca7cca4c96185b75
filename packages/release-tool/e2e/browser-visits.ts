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
/** Telemetry batches the page sent whose answer has not come yet, and those the server answered. */
const BATCHES = '__kloofTelemetryBatches';

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
 * Sends the page's telemetry beacons as what a beacon is, a keepalive POST, and counts them until
 * the server answered: neither the page nor Playwright can see a beacon's answer, and a test that
 * counts page loads must know each one arrived.
 */
function countTelemetryBatches(names: { batches: string; path: string }): void {
  const batches = { sent: 0, answered: 0 };
  (window as unknown as Record<string, typeof batches>)[names.batches] = batches;
  const sendBeacon = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url: string | URL, body?: BodyInit | null) => {
    if (new URL(url, location.href).pathname !== names.path) return sendBeacon(url, body);
    batches.sent += 1;
    void fetch(url, { method: 'POST', body: body ?? null, keepalive: true }).then((answer) => {
      if (answer.ok) batches.answered += 1;
    });
    return true;
  };
}

/**
 * What a page shows as it is hidden (the tab left, the phone locked), while it stays open: the
 * reporter sends what it holds and the web vitals their values. The visit leaves only once the
 * server answered those batches, so a page load is never lost to a renderer that a busy machine
 * shuts down before its unload beacon goes out (the browser's business, not what is tested).
 */
function hidePage(): void {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  Object.defineProperty(document, 'hidden', { value: true, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
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
   * telemetry token, hides the page, waits until the server answered every telemetry batch it sent
   * (page load, web vitals), then leaves. The answer having arrived (Playwright's
   * response.finished()) is not enough for the token: on a busy machine the page's script can read
   * it only later. A beacon sent at unload is not enough for the count: on a busy machine the
   * browser can shut the old page down before it goes out (1 page load in 20 went missing in 1 of
   * 4 runs at load 20).
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
    await page.addInitScript(countTelemetryBatches, { batches: BATCHES, path: '/v1/telemetry' });
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
    // Hidden, the page sends its page load (unless its batch timer did already) and web vitals.
    await page.evaluate(hidePage);
    await page.waitForFunction(
      (name) => {
        const batches = (window as unknown as Record<string, { sent: number; answered: number }>)[name]!;
        return batches.sent > 0 && batches.answered === batches.sent;
      },
      BATCHES,
      { timeout: scaled(30_000) },
    );
    await page.goto('about:blank');
    return outcome;
  };
}
