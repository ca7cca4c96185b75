import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createAccount, e2e, expect, latestMail, signIn, test, uniqueEmail, type Account } from '@kloof/test-kit/e2e';

/** Answers the re-check dialog a change that needs a fresh proof opens. */
async function confirmItsMe(page: Page, account: Account) {
  const recheck = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await recheck.getByLabel('Your password').fill(account.password);
  await recheck.getByRole('button', { name: 'Confirm' }).click();
}

test.describe('The user’s data is theirs', () => {
  test('changes the e-mail address through the link mailed to the new address', async ({ page }) => {
    const account = await createAccount();
    const newEmail = uniqueEmail('moved');
    await signIn(page, account, '/user/profile');
    const form = page.getByRole('form', { name: 'Change e-mail address' });
    await form.getByRole('textbox', { name: /^New e-mail address/ }).fill(newEmail);
    await form.getByRole('button', { name: 'Send confirmation link' }).click();
    await confirmItsMe(page, account);
    await expect(page.getByText(/^We sent a link to the new address\./)).toBeVisible();

    const notice = await latestMail(account.email, { subject: /e-mail address is being changed/ });
    expect(notice.text).toContain(newEmail);
    const mail = await latestMail(newEmail, { subject: /Confirm your new/ });
    const link = /(https?:\/\/\S+#email-change=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    // The mail names the site's public address; the test's browser is signed in on its own origin.
    const { pathname, hash } = new URL(link!);
    await page.goto(pathname + hash);
    await expect(page.getByText('Your e-mail address has been changed. Sign in with it from now on.')).toBeVisible();
    await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
  });

  test('downloads a JSON of everything the account holds, its projects among it', async ({ page, request }) => {
    const account = await createAccount();
    const headers = { authorization: `Bearer ${account.accessToken}` };
    const workspace = await request.post(`${e2e.apiUrl}/workspaces`, { headers, data: { name: 'Vineyard site' } });
    const { id: workspaceId } = (await workspace.json()) as { id: string };
    const project = await request.post(`${e2e.apiUrl}/projects`, {
      headers,
      data: { workspaceId, name: 'Tasting room' },
    });
    expect(project.ok()).toBe(true);

    await signIn(page, account, '/user/settings');
    const data = page.getByRole('region', { name: 'Your data' });
    const download = page.waitForEvent('download');
    await data.getByRole('button', { name: 'Download my data (JSON)' }).click();
    await confirmItsMe(page, account);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^kloof-digital-data-\d{4}-\d\d-\d\d\.json$/);
    const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
      profile: { email: string };
      workspaces: { name: string; projects: { name: string }[] }[];
      activity: { kind: string }[];
    };
    expect(exported.profile.email).toBe(account.email);
    expect(exported.workspaces).toEqual([
      expect.objectContaining({
        name: 'Vineyard site',
        role: 'owner',
        projects: [expect.objectContaining({ name: 'Tasting room' })],
      }),
    ]);
    expect(exported.activity[0]?.kind).toMatch(/^sign-in/);
  });

  test('deleting the account signs out; signing in during the grace cancels it and says so', async ({ page }) => {
    const account = await createAccount();
    await signIn(page, account, '/user/settings');
    const data = page.getByRole('region', { name: 'Your data' });
    await expect(data).toContainText(/kept for \d+ days/);
    await data.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('A workspace you share stays with its other members');
    await dialog.getByRole('textbox', { name: `Type ${account.email} to confirm` }).fill(account.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await confirmItsMe(page, account);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText(/^Your account will be deleted after \d+ days\./)).toBeVisible();
    await latestMail(account.email, { subject: /will be deleted$/ });

    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(account.email);
    await main.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      page.getByText('Your account will not be deleted: signing in cancelled the deletion you asked for.'),
    ).toBeVisible();
    const cancelled = await latestMail(account.email, { subject: /will not be deleted$/ });
    expect(cancelled.text).toContain('because the account was signed in to');
  });
});
