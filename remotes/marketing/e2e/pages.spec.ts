import { expect, test } from '@kloof/test-kit/e2e';
import { marketingPages } from './public-pages';

test.describe('marketing pages', () => {
  for (const page of marketingPages) {
    test(`${page.path} has its title, description, og type and main heading`, async ({ page: browser }) => {
      await browser.goto(page.path);
      const main = browser.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(page.heading);
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(browser).toHaveTitle(page.title);
      await expect(browser.locator('meta[name="description"]')).toHaveAttribute('content', page.description);
      await expect(browser.locator('meta[property="og:type"]')).toHaveAttribute('content', page.ogType);
      await expect(browser.getByRole('alert')).toHaveCount(0);
    });
  }

  test('fits a 320 px screen without sideways scrolling on every page', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const { path } of marketingPages) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // Blocks rendered when near the viewport clip what overflows them: lay everything out.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });

  test('on a 375 px phone the contact details keep one icon size, however long the text beside them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/contact');
    const details = page.getByRole('complementary', { name: 'Other ways to reach us' });
    await expect(details.getByRole('listitem')).toHaveCount(4);
    const sizes = await details
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((row) => `${row.firstElementChild!.getBoundingClientRect().width}`));
    expect(new Set(sizes).size, `icon widths ${sizes.join(', ')}`).toBe(1);
  });

  test('Home links each service to its part of the Services page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'IoT products' }).click();
    await expect(page).toHaveURL(/\/services#iot$/);
    await expect(page.getByRole('heading', { level: 2, name: 'IoT products' })).toBeInViewport();
  });

  test('Pricing shows three tiers in rand, excluding VAT', async ({ page }) => {
    await page.goto('/pricing');
    const plans = page
      .getByRole('region', { name: 'Plans' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(plans).toHaveCount(3);
    const expected: [string, RegExp][] = [
      ['Launch', /from\s*R\s65\s000\s*once-off/],
      ['Build', /from\s*R\s240\s000\s*per project/],
      ['Partner', /R\s95\s000\s*per month/],
    ];
    for (const [name, price] of expected) {
      const plan = plans.filter({ has: page.getByRole('heading', { name }) });
      await expect(plan).toContainText(price);
      await expect(plan).toContainText('excl. VAT');
    }
  });

  test('Pricing cards line up: one check size, prices and buttons on one line, no lone card on a tablet', async ({
    page,
  }) => {
    const plans = page.getByRole('region', { name: 'Plans' }).locator('ul > li[aria-labelledby]');
    const boxes = (selector: string) =>
      plans.evaluateAll(
        (cards, sel) =>
          cards.map((card) => {
            const box = card.querySelector(sel)!.getBoundingClientRect();
            return { top: Math.round(box.top), width: Math.round(box.width), height: Math.round(box.height) };
          }),
        selector,
      );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/pricing');
    await expect(plans).toHaveCount(3);
    const icons = await plans
      .locator('ul svg')
      .evaluateAll((all) =>
        all.map(
          (icon) =>
            `${Math.round(icon.getBoundingClientRect().width)}x${Math.round(icon.getBoundingClientRect().height)}`,
        ),
      );
    expect(new Set(icons).size, `check icons: ${icons.join(' ')}`).toBe(1);
    for (const part of ['h2 + p + p', 'a']) {
      const tops = (await boxes(part)).map((box) => box.top);
      expect(new Set(tops).size, `${part} tops: ${tops.join(' ')}`).toBe(1);
    }

    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/pricing');
    const cards = await plans.evaluateAll((all) => all.map((card) => card.getBoundingClientRect()));
    const row = await page
      .getByRole('region', { name: 'Plans' })
      .locator('ul')
      .first()
      .evaluate((list) => list.clientWidth);
    const last = cards.at(-1)!;
    const alone = cards.filter((card) => Math.round(card.top) === Math.round(last.top)).length === 1;
    // A card alone on its row fills the row.
    if (alone) expect(Math.round(last.width)).toBe(row);
  });

  test('a pricing tier leads to the contact form with the plan named', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Scope a product' }).click();
    await expect(page).toHaveURL(/\/contact\?plan=build$/);
    await expect(page.getByLabel('About your project')).toHaveValue(/interested in the Build plan/);
  });

  test('Careers lists the open role and links its job page', async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('link', { name: 'Junior Digital Assistant (Intern)' }).click();
    await expect(page).toHaveURL(/\/careers\/junior-digital-assistant$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'Junior Digital Assistant (Intern)',
    );
    const apply = page.getByRole('link', { name: 'Apply by e-mail' }).first();
    await expect(apply).toHaveAttribute('href', /^mailto:careers@kloofdigital\.co\.za\?subject=/);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
  });

  test('Docs explains the client area and its table of contents jumps to each part', async ({ page }) => {
    await page.goto('/docs');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    for (const part of ['Workspaces', 'Projects', 'Links', 'Roles and access']) {
      await expect(toc.getByRole('link', { name: part })).toBeVisible();
    }
    await toc.getByRole('link', { name: 'Roles and access' }).click();
    await expect(page).toHaveURL(/\/docs#roles$/);
    await expect(page.getByRole('heading', { name: 'Roles and access' })).toBeInViewport();
  });

  test('Branding shows the logo, colours and type in both themes', async ({ page }) => {
    await page.goto('/branding');
    for (const theme of ['Light theme', 'Dark theme']) {
      await expect(page.getByRole('heading', { name: theme })).toBeVisible();
      await expect(page.getByText(theme, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText('#0f766e')).toBeVisible();
    await expect(page.getByText('#5eead4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The system font, set with care' })).toBeVisible();
  });
});
