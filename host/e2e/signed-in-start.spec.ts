import { createAccount, expect, test, type Account } from '@kloof/test-kit/e2e';
import type { BrowserContext } from '@playwright/test';
import { scaled } from '@kloof/test-kit/slowdown';

/** A returning client's browser: the session's tokens in storage before the page's first script. */
async function holdTokens(context: BrowserContext, account: Pick<Account, 'accessToken' | 'refreshToken'>) {
  await context.addInitScript(({ accessToken, refreshToken }) => {
    if (localStorage.getItem('accessToken')) return;
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('refreshToken', refreshToken);
  }, account);
}

test.describe('a signed-in page load starts its requests together', () => {
  // Requests a service worker makes are invisible to the page's timings and to page.route.
  test.use({ serviceWorkers: 'block' });

  test("/dashboard's remote entry, session check and data all start before the first of them ends, each once", async ({
    page,
    context,
  }) => {
    await holdTokens(context, await createAccount());
    const wanted = [/\/remotes\/clientArea\/.*remoteEntry\.js$/, /\/v1\/current-user\?/, /\/v1\/dashboard$/];
    wanted.push(/\/v1\/workspaces\?limit=5$/);
    // Each is held unanswered until all four have left (or a while has passed): a chain, where one
    // leaves only after another was answered, cannot get them all out, however fast the machine.
    const started = new Set<string>();
    let allStarted = () => {};
    const answering = Promise.race([
      new Promise<void>((resolve) => (allStarted = resolve)),
      new Promise<void>((resolve) => setTimeout(resolve, scaled(5_000))),
    ]);
    let startedBeforeAnyAnswer: string[] | undefined;
    for (const pattern of wanted) {
      await page.route(pattern, async (route) => {
        started.add(String(pattern));
        if (started.size === wanted.length) allStarted();
        await answering;
        startedBeforeAnyAnswer ??= [...started];
        await route.continue();
      });
    }
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(startedBeforeAnyAnswer?.sort()).toEqual(wanted.map(String).sort());

    const readTimings = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => ({ url: entry.name })));
    // A request's timing is listed once it has ended: the heading may show before the last one has.
    await expect
      .poll(async () => {
        const timings = await readTimings();
        return wanted.filter((pattern) => !timings.some((timing) => pattern.test(timing.url))).map(String);
      })
      .toEqual([]);
    const timings = await readTimings();
    for (const pattern of wanted) {
      // One request each: the page's and the check's own calls took over the early ones.
      expect(
        timings.filter((timing) => pattern.test(timing.url)),
        String(pattern),
      ).toHaveLength(1);
    }
  });

  test("/dashboard's page files are looked up with its remote's entry, and each file downloads once", async ({
    page,
    context,
  }) => {
    await holdTokens(context, await createAccount());
    // The phone profile: the entry takes a round trip and its bytes, as on a phone.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const timings = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((timing) => ({ url: timing.name, start: timing.startTime, end: timing.responseEnd })),
    );
    const seen = JSON.stringify(timings.filter((timing) => /\/remotes\/clientArea\//.test(timing.url)));
    const requestsOf = (file: RegExp) => timings.filter((timing) => file.test(timing.url));
    const [entry, manifest] = [
      /\/remotes\/clientArea\/.*remoteEntry\.js$/,
      /\/remotes\/clientArea\/.*mf-manifest\.json$/,
      /\/remotes\/clientArea\/.*__federation_expose_Dashboard\.[^/]*\.js$/,
    ].map((file) => {
      const found = requestsOf(file);
      // Once each: a preload the entry's chunk loader could not use (other hash or CORS mode) shows twice.
      expect(found, `${String(file)} in ${seen}`).toHaveLength(1);
      return found[0]!;
    });
    // The manifest naming the page's chunks travels with the entry, not after it.
    expect(manifest!.start, seen).toBeLessThan(entry!.end);
  });

  test('the spec spinner shows while the session is checked, then the page', async ({ page, context }) => {
    await holdTokens(context, await createAccount());
    let answer: () => void = () => undefined;
    const checked = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/v1\/current-user\?/, async (route) => {
      await checked;
      await route.continue();
    });
    await page.goto('/dashboard');
    const spinner = page.getByRole('main').getByRole('status').filter({ hasText: 'Checking your session' });
    await expect(spinner).toBeVisible();
    await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
    answer();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });

  test("a visitor's /dashboard downloads no signed-in code and sends no early request", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(requested.filter((url) => /\/remotes\/(clientArea|admin)\//.test(url))).toEqual([]);
    expect(requested.filter((url) => /\/v1\/(current-user|dashboard|workspaces)/.test(url))).toEqual([]);
  });
});
