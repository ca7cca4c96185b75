import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test, type Account } from '@kloof/test-kit/e2e';

/** Root font size in px and a length in rem at that size. */
async function rootPx(page: Page): Promise<number> {
  return page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
}
async function widthOf(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().width);
}

let account: Account;

test.beforeAll(async () => {
  account = await createAccount();
});

test.describe('app shell on the desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('root font is 111% in the shell only, and back to 100% on public pages', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await rootPx(page)).toBeCloseTo(16, 1);

    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await rootPx(page)).toBeCloseTo(16 * 1.11, 1);

    // The product name leads to / (public layout): the root font goes back.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Kloof Digital/ })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await rootPx(page)).toBeCloseTo(16, 1);
  });

  test('header is 14 units high; sidebar is 16rem and collapses to 5rem with tooltips, footer hidden', async ({
    page,
  }) => {
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const rem = await rootPx(page);
    expect(await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(
      3.5 * rem,
      0,
    );

    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
    expect(await widthOf(page, 'sidebar')).toBeCloseTo(16 * rem, 0);
    await expect(page.getByTestId('sidebar-footer')).toBeVisible();
    await expect(page.getByTestId('sidebar-footer')).toContainText('Kloof Digital');
    await expect(page.getByTestId('sidebar-footer')).toContainText('Client Area v1.1');
    await expect(page.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('title');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => widthOf(page, 'sidebar')).toBeCloseTo(5 * rem, 0);
    await expect(page.getByTestId('sidebar-footer')).toBeHidden();
    for (const label of ['Dashboard', 'Workspaces', 'Projects', 'Settings']) {
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveAttribute('title', label);
    }

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => widthOf(page, 'sidebar')).toBeCloseTo(16 * rem, 0);
    await expect(page.getByTestId('sidebar-footer')).toBeVisible();
  });

  test('highlights the sidebar item whose link starts the path', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Client area' });
    const current = nav.locator('[aria-current="page"]');
    await signIn(page, account, '/projects');
    await expect(current).toHaveText('Projects');
    await nav.getByRole('link', { name: 'Workspaces' }).click();
    await expect(page).toHaveURL(/\/workspaces$/);
    await expect(current).toHaveText('Workspaces');
    await page.goto('/user/profile');
    await expect(current).toHaveText('Settings');
    await page.goto('/billing');
    await expect(current).toHaveCount(0);
  });

  test("a keyboard route change moves focus to the new page's main heading and announces it", async ({ page }) => {
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Client area' });
    await nav.getByRole('link', { name: 'Projects' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
    await expect(page.getByTestId('route-announcer')).toHaveText('Projects');
    // From the shell out to the public site (another layout) too.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Kloof Digital/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/:\d+\/$/);
    const home = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(home).toBeFocused();
    await expect(page.getByTestId('route-announcer')).toHaveText((await home.textContent())!);
  });

  test('avatar shows the first letter of the username; its menu is keyboard friendly and logs out', async ({
    page,
  }) => {
    const own = await createAccount();
    await signIn(page, own, '/dashboard');
    const button = page.getByRole('button', { name: /Account menu/ });
    await expect(page.getByTestId('avatar-letter')).toHaveText(own.username.charAt(0).toUpperCase());
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');

    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Profile', 'Billing', 'Log out']);
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();

    await button.click();
    // The browser forgets its tokens at once and tells the server after: wait for that answer.
    const revoked = page.waitForResponse((response) => response.url().endsWith('/v1/auth/logout'));
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect((await revoked).status()).toBe(204);
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
    // The refresh token was revoked on the server too.
    const refreshed = await page.request.post('/v1/auth/refreshToken', { data: { refreshToken: own.refreshToken } });
    expect(refreshed.status()).toBe(401);
  });
});

test.describe('app shell on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar slides in over a dimmed overlay and closes on the overlay, Escape or a link', async ({ page }) => {
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const sidebar = page.getByTestId('sidebar');
    const overlay = page.getByTestId('sidebar-overlay');
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
    expect(await overlay.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(sidebar).toBeVisible();
    await expect.poll(() => overlay.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    expect(await overlay.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.3s');
    expect(await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.3s');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();

    // A tap on the dimmed part (right of the sidebar) closes it.
    await page.mouse.click(360, 400);
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(sidebar).toBeHidden();
  });

  test('the open sidebar keeps focus: Tab cycles through it and its button, never into the page behind', async ({
    page,
  }) => {
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const button = page.getByRole('button', { name: 'Open navigation' });
    await button.click();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    const sidebar = page.getByTestId('sidebar');
    const stops = (await sidebar.locator('a[href], button').count()) + 1;
    for (const key of ['Tab', 'Shift+Tab']) {
      // Twice round: every stop is the sidebar's or its button, whichever way round.
      for (let press = 0; press < 2 * stops; press++) {
        await page.keyboard.press(key);
        const inside = await page.evaluate(() => {
          const focused = document.activeElement;
          const drawer = document.querySelector('[data-testid="sidebar"]');
          return Boolean(
            focused && (drawer?.contains(focused) || focused.getAttribute('aria-controls') === drawer?.id),
          );
        });
        expect(inside, `${key} press ${press + 1} left the sidebar`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('app shell on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('shows the product name whole beside its buttons', async ({ page }) => {
    await signIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const name = page
      .getByRole('banner')
      .getByRole('link', { name: /Kloof Digital/ })
      .locator('span');
    const [shown, needed] = await name.evaluate((span) => [span.clientWidth, span.scrollWidth]);
    expect(needed, 'the name is cut').toBeLessThanOrEqual(shown);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
