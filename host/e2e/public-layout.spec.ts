import AxeBuilder from '@axe-core/playwright';
import { createAccount, expect, signIn, test } from '@kloof/test-kit/e2e';
import { publicNav } from '../src/layouts/nav-links';

/** The header's links, [label, address], from the layout's own list (PublicLayout.test pins their texts). */
const siteLinks = publicNav.map(({ label, link }) => [label, link] as const);

const heading = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test.describe('public layout: header and footer', () => {
  test('the header shows the six links, Login and Sign Up, and marks the current page', async ({ page }) => {
    await page.goto('/docs');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const [label, href] of siteLinks) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/register');
    await expect(banner.getByRole('link', { name: 'Go to Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('the header is sticky and 3.5rem (14 units) high', async ({ page }) => {
    await page.goto('/docs');
    await expect(heading(page)).toBeVisible();
    const bar = page.getByRole('banner').locator('> div').first();
    expect((await bar.boundingBox())?.height).toBe(56);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect((await page.getByRole('banner').boundingBox())?.y).toBe(0);
  });

  test("a signed-in user sees 'Go to Dashboard' instead of Login and Sign Up", async ({ page }) => {
    const account = await createAccount();
    await signIn(page, account, '/pricing');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(banner.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the footer has the blurb, both columns, tap-to-call phone and this year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Kloof Digital is a Cape Town, South Africa studio');
    const column = (name: string) => footer.getByRole('navigation', { name }).getByRole('link');
    await expect(column('Company')).toHaveText(['Home', 'Services', 'Careers']);
    await expect(column('Resources')).toHaveText(['Docs', 'Pricing', 'Contact']);
    await expect(footer.getByRole('link', { name: 'Call us on +27 21 555 0143' })).toHaveAttribute(
      'href',
      'tel:+27215550143',
    );
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(footer).toContainText(`© ${year} Kloof Digital. All rights reserved.`);
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/services');
    await expect(heading(page)).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('every path change scrolls back to the top', async ({ page }) => {
    await page.goto('/services');
    await expect(heading(page)).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(heading(page)).toHaveText('Clear pricing, in rand');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Back scrolls to the top too, not to where the page was left', async ({ page }) => {
    await page.goto('/services');
    const services = await heading(page).textContent();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await expect(heading(page)).toHaveText('Clear pricing, in rand');
    await page.goBack();
    await expect(heading(page)).toHaveText(services!);
    // The page is whole again (its footer drawn) when the browser would have restored the old position.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the root document carries the default meta: product name, type webapp', async ({ request }) => {
    const html = await (await request.get('/some/deep/link')).text();
    expect(html).toContain('<title>Kloof Digital</title>');
    expect(html).toMatch(/<meta name="description" content="Kloof Digital"/);
    expect(html).toMatch(/<meta property="og:type" content="webapp"/);
  });

  test('the not-found and access-denied pages set their own meta and lead somewhere useful', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(heading(page)).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found | Kloof Digital');
    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/unauthorized');
    await expect(heading(page)).toHaveText('Access denied');
    await expect(page).toHaveTitle('Access denied | Kloof Digital');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'You do not have access to this page.',
    );
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('opens and closes with its toggle and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await expect(heading(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...siteLinks.map(([label]) => label), 'Login', 'Sign Up']);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(heading(page)).toHaveText('Careers at a studio that ships');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.goto('/pricing');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
  });

  test('the open menu passes an accessibility check', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});

test.describe('theme', () => {
  const root = (page: import('@playwright/test').Page) => page.locator('html');

  test('is light by default when the system has no dark preference', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(heading(page)).toBeVisible();
    await expect(root(page)).toHaveAttribute('data-theme', 'light');
    await expect(root(page)).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBeNull();
    await context.close();
  });

  test('follows a dark system preference when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(heading(page)).toBeVisible();
    await expect(root(page)).toHaveAttribute('data-theme', 'dark');
    await expect(root(page)).toHaveClass(/\bdark\b/);
    await context.close();
  });

  test('the toggle switches the theme, stores it under color-scheme, and it survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/pricing');
    await expect(heading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(root(page)).toHaveAttribute('data-theme', 'dark');
    await expect(root(page)).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('dark');
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBackground).toBe('rgb(11, 18, 32)');

    await page.reload();
    await expect(heading(page)).toBeVisible();
    await expect(root(page)).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(root(page)).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('light');

    // A stored choice wins over the system preference.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(heading(page)).toBeVisible();
    await expect(root(page)).toHaveAttribute('data-theme', 'light');
  });

  test('is applied before any app script runs (no flash), allowed by the CSP hash', async ({ page }) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('color-scheme', 'dark'));
    // With every script file blocked, only the inline script of index.html can set the theme.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    const response = await page.reload();
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    await expect(root(page)).toHaveAttribute('data-theme', 'dark');
    await expect(root(page)).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(11, 18, 32)',
    );
    expect(cspErrors).toEqual([]);
  });
});

test.describe('host pages accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`${colorScheme} theme`, () => {
      test.use({ colorScheme, reducedMotion: 'reduce' });
      for (const path of ['/no/such/page', '/unauthorized']) {
        test(`${path} has no axe violations`, async ({ page }) => {
          await page.goto(path);
          await expect(heading(page)).toBeVisible();
          const { violations } = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
            .analyze();
          expect(violations.map((v) => v.id)).toEqual([]);
        });
      }
    });
  }
});
