import type { Page } from '@playwright/test';
import { createAccount, expect, latestMail, newestMailId, signInWithForm, test } from '@kloof/test-kit/e2e';

const field = (page: Page, name: string) => page.getByRole('main').getByRole('textbox', { name, exact: true });

test.describe('Activity and "this was not me"', () => {
  test('a sign-in on a second browser is mailed and listed; "this was not me" signs the first out and leads to a new password', async ({
    page,
    browser,
  }) => {
    const account = await createAccount(); // signed in once through the API
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithForm(page, account.email, account.password);

    // A second browser (its own device id) signs in: the account is mailed about the new device.
    const before = await newestMailId(account.email);
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await signInWithForm(stranger, account.email, account.password);
    const notice = await latestMail(account.email, { subject: /New sign-in/, newerThan: before });
    expect(notice.text).toContain('If this was not you, open this link');
    const link = new URL(/https?:\/\/\S+\/auth\/not-me#\S+/.exec(notice.text)![0]);

    // The first browser's activity page lists both sign-ins, newest first, with device and address.
    await page.goto('/user/activity');
    const table = page.getByRole('table', { name: "Your account's activity" });
    const rows = table.getByRole('row').filter({ hasText: 'Signed in from a new device' });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(/Chrome \d+ on \w+/);
    await expect(rows.first()).toContainText('127.0.0.1');
    await expect(rows.first()).toContainText('Unknown'); // no place database
    await page.screenshot({ path: test.info().outputPath('activity-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('activity-375.png'), fullPage: true });

    // The owner follows "this was not me" (in the second browser here): a click signs out everywhere.
    await stranger.goto(link.pathname + link.hash);
    await expect(stranger.getByRole('heading', { level: 1, name: 'This was not me' })).toBeVisible();
    await stranger.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(stranger).toHaveURL(/\/auth\/resetPassword\/\d+\?email=/);
    await field(stranger, 'New password').fill('a new one after the scare');
    await field(stranger, 'Repeat new password').fill('a new one after the scare');
    await stranger.getByRole('button', { name: 'Set new password' }).click();
    await expect(stranger).toHaveURL(/\/auth\/login$/);
    await other.close();

    // The first browser is signed out: its next page asks it to sign in.
    await page.goto('/user/activity');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
