import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { badlySigned, expired } from './support/tokens';
import { withShared } from './support/shared-modules';

/** Counts the page's calls to the refresh endpoint (Playwright request events). */
function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/auth/refreshToken') count += 1;
  });
  return () => count;
}

/** Replaces the stored access token with the same one, expired (the refresh token stays valid). */
async function expireAccessToken(page: Page, accessToken: string): Promise<void> {
  await page.evaluate((token) => localStorage.setItem('accessToken', token), expired(accessToken));
}

/** Collects every toast text the page shows from now on, however briefly. */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const at = { most: 0 };
    (window as unknown as { toasts: string[] }).toasts = seen;
    (window as unknown as { toastsAtOnce: typeof at }).toastsAtOnce = at;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast] [data-title]')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
      at.most = Math.max(at.most, document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])').length);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

test.describe('one refresh for many requests: concurrent calls wait for it and retry', () => {
  // API calls never go through the service worker; with one installed, Chromium may report a call
  // it let through on the worker instead of the page, and the count would miss it.
  test.use({ serviceWorkers: 'block' });

  test('20 concurrent requests with an expired access token cause exactly one refresh, and all succeed', async ({
    page,
  }) => {
    const account = await createAccount();
    await signIn(page, account, '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    const refreshes = countRefreshes(page);
    await expireAccessToken(page, account.accessToken);

    const results = await withShared<{ ok: number; statuses: string[] }>(
      page,
      '@kloof/api-client',
      `const settled = await Promise.allSettled(Array.from({ length: 20 }, () => mod.workspacesApi.list()));
       return { ok: settled.filter((r) => r.status === 'fulfilled' && Array.isArray(r.value.items)).length,
                statuses: settled.map((r) => r.status === 'fulfilled' ? 'ok' : String(r.reason && r.reason.message)) };`,
    );
    expect(results.statuses.filter((s) => s !== 'ok')).toEqual([]);
    expect(results.ok).toBe(20);
    expect(refreshes()).toBe(1);
    const stored = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(stored).not.toBe(expired(account.accessToken));
  });

  test('two tabs with an expired access token refresh only once between them (Web Locks)', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await signIn(page, account, '/');
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    const first = countRefreshes(page);
    const second = countRefreshes(other);
    await expireAccessToken(page, account.accessToken);

    const call = `const settled = await Promise.allSettled(Array.from({ length: 10 }, () => mod.dashboardApi.get()));
                  return settled.filter((r) => r.status === 'fulfilled').length;`;
    const [a, b] = await Promise.all([
      withShared<number>(page, '@kloof/api-client', call),
      withShared<number>(other, '@kloof/api-client', call),
    ]);
    expect([a, b]).toEqual([10, 10]);
    expect(first() + second()).toBe(1);
  });

  test('a refused refresh logs out with the session-ended toasts, one after the other, never two at once', async ({
    page,
  }) => {
    const account = await createAccount();
    await signIn(page, account, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard's own loads must be done: one of them holding the expired token would end the
    // session before this test's call is sent, and that call would go without a token at all.
    await page.waitForLoadState('networkidle');
    await recordToasts(page);
    // Both tokens expired: the API answers the refresh with 'jwt expired'.
    await page.evaluate(
      ({ accessToken, refreshToken }) => {
        localStorage.setItem('accessToken', accessToken);
        localStorage.setItem('refreshToken', refreshToken);
      },
      { accessToken: expired(account.accessToken), refreshToken: expired(account.refreshToken) },
    );
    const outcome = await withShared<string>(
      page,
      '@kloof/api-client',
      `try { await mod.dashboardApi.get(); return 'succeeded'; } catch (error) { return error.name; }`,
    );
    expect(outcome).toBe('RefreshError');

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Your Login has expired.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts)).toEqual([
      'Your login has expired',
      'Your Login has expired.',
    ]);
    expect(await page.evaluate(() => (window as unknown as { toastsAtOnce: { most: number } }).toastsAtOnce.most)).toBe(
      1,
    );
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
  });

  test('expired tokens at start: the start-up check refreshes once and the user stays signed in', async ({ page }) => {
    const account = await createAccount();
    const refreshes = countRefreshes(page);
    await signIn(page, { accessToken: expired(account.accessToken), refreshToken: account.refreshToken }, '/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main')).toBeVisible();
    await expect.poll(refreshes).toBe(1);
  });

  test('an access token refused before its exp (wrong signature): the refresh is tried, the tokens stored, the page reloads after 4 s, still signed in', async ({
    page,
  }) => {
    const account = await createAccount();
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const forged = badlySigned(account.accessToken);
    await page.evaluate((token) => localStorage.setItem('accessToken', token), forged);

    // Timed by the browser's own clock, kept across the reload: when the refresh answered, and
    // when each document started.
    await page.addInitScript(() => {
      const log = (key: string, at: number) =>
        sessionStorage.setItem(key, JSON.stringify([...JSON.parse(sessionStorage.getItem(key) ?? '[]'), at]));
      log('e2e-document-starts', performance.timeOrigin);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          if (new URL(entry.name).pathname === '/v1/auth/refreshToken')
            log('e2e-refreshes', performance.timeOrigin + entry.responseEnd);
        }
      }).observe({ type: 'resource' });
    });
    const timeline = () =>
      page.evaluate(() => ({
        starts: JSON.parse(sessionStorage.getItem('e2e-document-starts') ?? '[]') as number[],
        refreshes: JSON.parse(sessionStorage.getItem('e2e-refreshes') ?? '[]') as number[],
      }));
    await page.reload();

    // The check's own reload (spec §4): a second document, 4 s after the one refresh answered.
    // A look that lands while the page reloads finds no document to ask: it counts as not yet.
    const documents = async () => (await timeline().catch(() => null))?.starts.length ?? 0;
    await expect.poll(documents, { timeout: scaled(20_000) }).toBe(2);
    const { starts, refreshes } = await timeline();
    expect(refreshes).toHaveLength(1);
    expect(starts[1]! - refreshes[0]!).toBeGreaterThanOrEqual(4000);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    const stored = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored[0]).not.toBe(forged);
    expect(stored[1]).not.toBe(account.refreshToken);
    // The forged token itself never got in: the session went on through the genuine refresh token.
    const forgedCall = await page.request.get('/v1/current-user', { headers: { Authorization: `Bearer ${forged}` } });
    expect(forgedCall.status()).toBe(401);
  });

  test('logging out in one tab signs the other tabs out', async ({ page, context }) => {
    const account = await createAccount();
    await signIn(page, account, '/dashboard');
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

    await withShared(page, '@kloof/auth', 'await mod.signOut(); return null;');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(other.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    // The server-side session is revoked too: the old refresh token is refused.
    const response = await page.request.post('/v1/auth/refreshToken', { data: { refreshToken: account.refreshToken } });
    expect(response.status()).toBe(401);
  });
});
