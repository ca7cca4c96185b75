import { request } from '@playwright/test';
import { e2e, expect, login, test, uniqueEmail } from '@kloof/test-kit/e2e';

/** The messages the API holds, as an admin sees them. */
async function storedMessages(): Promise<{ name: string; email: string; company: string; message: string }[]> {
  const admin = await login(e2e.admin.email, e2e.admin.password);
  const api = await request.newContext({ baseURL: `${e2e.apiUrl}/` });
  const response = await api.get('contact', {
    params: { limit: 100 },
    headers: { Authorization: `Bearer ${admin.accessToken}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { name: string; email: string; company: string; message: string }[] })
    .items;
}

test.describe('contact form', () => {
  test('sends a message that the API stores for admins, then thanks the sender', async ({ page }) => {
    const email = uniqueEmail('contact');
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Thandiwe Nkosi');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Company (optional)').fill('Nkosi Cold Chain');
    await page
      .getByLabel('About your project')
      .fill('We need temperature sensors in 40 refrigerated trucks, with alerts.');

    // Hold the request to see the form while it is sending.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();

    await expect(page.getByRole('heading', { name: 'Thank you, Thandiwe Nkosi' })).toBeFocused();
    await expect(page.getByRole('main').getByRole('status')).toContainText(email);

    const stored = (await storedMessages()).find((m) => m.email === email);
    expect(stored).toEqual(
      expect.objectContaining({
        name: 'Thandiwe Nkosi',
        company: 'Nkosi Cold Chain',
        message: 'We need temperature sensors in 40 refrigerated trucks, with alerts.',
      }),
    );

    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Your name')).toHaveValue('');
  });

  test('explains what is missing and sends nothing until it is fixed', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/v1/contact')) posted += 1;
    });
    await page.goto('/contact');
    await page.getByLabel('E-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter a valid e-mail address, like name@company.co.za.')).toBeVisible();
    await expect(page.getByText('Please tell us a little about your project.')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Your name').fill('Pieter');
    await expect(page.getByText('Please enter your name.')).toHaveCount(0);
    expect(posted).toBe(0);
  });

  test('shows a toast when the message cannot be sent, and keeps what was typed', async ({ page }) => {
    await page.route('**/v1/contact', (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    await page.getByLabel('Your name').fill('Lindiwe');
    await page.getByLabel('E-mail address').fill('lindiwe@example.co.za');
    await page.getByLabel('About your project').fill('A website for our guesthouse.');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByText('Your message was not sent')).toBeVisible();
    await expect(
      page.getByText('Network Error: the server could not be reached. Check your connection and try again.'),
    ).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveValue('Lindiwe');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });
});
