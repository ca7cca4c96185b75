import { expect, test } from '@kloof/test-kit/e2e';
import { violationsWithoutScript } from '@kloof/test-kit/e2e/without-script';
// The public pages as production serves them: prerendered at release (the e2e web server serves
// builds, which are blank without script).
import { releasedSitePerFile } from '@kloof/release-tool/e2e';
import { marketingPages } from './public-pages';

// A visitor whose browser runs no script: the prerendered pages are all they get.
test.use({ javaScriptEnabled: false });
test.describe.configure({ mode: 'serial' });

const site = releasedSitePerFile('no-javascript');

test('no form on a public page would put what is typed into a URL', async ({ page }) => {
  for (const { path, heading } of marketingPages) {
    await page.goto(`${site.server.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    // The app pages' notice is not theirs: a prerendered page reads without script.
    await expect(page.getByRole('heading', { name: 'This page needs JavaScript' })).toHaveCount(0);
    // A form without method="post" sends its fields as the query string.
    expect([path, await page.locator('form:not([method="post" i])').count()]).toEqual([path, 0]);
  }
});

test('the contact form says it needs JavaScript, offers the other ways, and cannot be filled in for nothing', async ({
  page,
  browser,
}) => {
  await page.goto(`${site.server.url}/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us about your project' })).toBeVisible();

  const notice = page.getByRole('region', { name: 'Send us a message' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    'Sending this form needs JavaScript, which is off in your browser. Turn it on and reload this page, or reach us directly:',
  );
  await expect(notice.getByRole('link', { name: 'hello@kloofdigital.co.za' })).toHaveAttribute(
    'href',
    'mailto:hello@kloofdigital.co.za',
  );
  await expect(notice.getByRole('link', { name: '+27 21 555 0143' })).toHaveAttribute('href', 'tel:+27215550143');
  // The form is in the page (the same markup the script hydrates) but not there to fill in.
  await expect(page.locator('form#contact-form')).toHaveAttribute('method', 'post');
  await expect(page.getByLabel('Your name')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeHidden();

  for (const colorScheme of ['light', 'dark'] as const) {
    const found = await violationsWithoutScript(browser, `${site.server.url}/contact`, colorScheme);
    expect([colorScheme, found]).toEqual([colorScheme, []]);
  }
});

test.describe('with JavaScript on', () => {
  // As a visitor's browser runs it, service worker included: a blocked one is (rightly) warned about.
  test.use({ javaScriptEnabled: true, serviceWorkers: 'allow' });

  test('the prerendered contact page hydrates without a warning, the form shown and the notice not', async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.goto(`${site.server.url}/contact`);
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    await expect(page.getByLabel('Your name')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Send us a message' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(messages).toEqual([]);
  });
});
