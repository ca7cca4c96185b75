import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';

test.describe('first paint of the shell and error pages', () => {
  test('a full page load of the shell shows its skeleton, never a spinner or a stand-in "U" avatar', async ({
    page,
  }) => {
    const account = await createAccount();
    await signIn(page, account, '/unauthorized');
    // Record, from the first paint on, every avatar letter and whether a spinner appeared.
    await page.addInitScript(() => {
      const seen = { letters: [] as string[], spinner: false, skeleton: false };
      (window as unknown as { firstPaint: typeof seen }).firstPaint = seen;
      new MutationObserver(() => {
        const letter = document.querySelector('[data-testid="avatar-letter"]')?.textContent ?? null;
        if (letter !== null && seen.letters.at(-1) !== letter) seen.letters.push(letter);
        // The Spinner is a status with an animated ring; the skeleton has grey blocks instead.
        // Only before the page is there: a page's own data may show its spinner afterwards.
        const pageShown = document.querySelector('main h1');
        if (!pageShown && document.querySelector('[role="status"] > span[aria-hidden="true"]')) seen.spinner = true;
        if (document.querySelector('[data-testid="page-skeleton"]')) seen.skeleton = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: scaled(30_000),
    });
    const seen = await page.evaluate(() => (window as unknown as { firstPaint: unknown }).firstPaint);
    const letter = account.username.charAt(0).toUpperCase();
    expect(seen).toMatchObject({ spinner: false });
    expect((seen as { letters: string[] }).letters.filter(Boolean)).toEqual([letter]);
  });

  test('the remote error page focuses its heading without a thick focus box', async ({ page }) => {
    await page.route('**/remotes/marketing/**', (route) => route.abort('connectionrefused'));
    await page.goto('/services');
    const heading = page.getByRole('heading', { name: 'This page could not be loaded' });
    await expect(heading).toBeFocused();
    expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
  });

  test('the Home card "How discovery works" opens the Discovery part of the docs', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'How discovery works' }).click();
    await expect(page).toHaveURL(/\/docs#discovery$/);
  });
});
