import type { APIRequestContext } from '@playwright/test';
import { createAccount, e2e, expect, login, signIn, signInWithForm, test } from '@kloof/test-kit/e2e';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

/** Whether a refresh token still works (a signed-out session's must not, at once). */
async function refreshes(request: APIRequestContext, refreshToken: string): Promise<boolean> {
  const res = await request.post(`${e2e.apiUrl}/auth/refreshToken`, { data: { refreshToken } });
  return res.ok();
}

test.describe('Security: signed-in devices', () => {
  test('lists each device once, signs one out with all its sessions, then asks before signing out all the others', async ({
    page,
    request,
  }) => {
    const account = await createAccount(); // signed in once through the API
    const again = await login(account.email, account.password); // the same client again: the same device
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithForm(page, account.email, account.password);
    await page.goto('/user/settings');

    const security = page.getByRole('region', { name: 'Security' });
    const devices = security.getByRole('listitem');
    await expect(devices).toHaveCount(2);
    const mine = devices.filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(/Chrome \d+ on \w+/);
    await expect(mine).toContainText('From 127.0.0.1');
    await expect(mine.getByRole('button')).toHaveCount(0);
    const apiClient = devices.filter({ hasNotText: 'This device' });
    await expect(apiClient).toContainText('2 sessions');
    await page.screenshot({ path: test.info().outputPath('security-1280.png'), fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload(); // a phone opens the page at its width (no sidebar half-way through closing)
    await expect(devices).toHaveCount(2);
    await expect(security.getByRole('button', { name: 'Sign out of all other devices' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('security-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // "Sign out" on the other device: both of its sessions stop at once
    await apiClient.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText(/^Signed out .+ on .+\.$/)).toBeVisible();
    await expect(devices).toHaveCount(1);
    expect(await refreshes(request, again.refreshToken)).toBe(false);
    expect(await refreshes(request, account.refreshToken)).toBe(false);

    // a phone signs in; "Sign out of all other devices" asks first, and Cancel keeps it signed in
    const phone = await request.post(`${e2e.apiUrl}/auth/login`, {
      data: { email: account.email, password: account.password, device: `e2e-phone-${account.username}` },
      headers: { 'user-agent': ANDROID_CHROME },
    });
    expect(phone.ok()).toBe(true);
    const { refreshToken: phoneToken } = (await phone.json()) as { refreshToken: string };
    await page.reload();
    await expect(devices).toHaveCount(2);
    const everyOther = security.getByRole('button', { name: 'Sign out of all other devices' });
    await everyOther.click();
    const confirm = page.getByRole('dialog', { name: 'Sign out of all other devices?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(everyOther).toBeFocused();
    await expect(devices).toHaveCount(2);

    await everyOther.click();
    await confirm.getByRole('button', { name: 'Sign out of all other devices' }).click();
    await expect(page.getByText('Signed out 1 other device.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(devices).toHaveCount(1);
    expect(await refreshes(request, phoneToken)).toBe(false);
    await expect(everyOther).toBeDisabled();

    // this browser stays signed in
    await page.reload();
    await expect(page.getByRole('region', { name: 'Security' }).getByRole('listitem')).toHaveCount(1);
  });

  test("an admin sees a client's devices on the user's page and signs one out", async ({ page, request }) => {
    const client = await createAccount();
    const admin = await createAccount({ roles: ['Admin'] });
    await signIn(page, admin, `/manage/user/${client.user.id}`);
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('This device')).toHaveCount(0);
    await devices.getByRole('button', { name: /^Sign out / }).click();
    await expect(devices.getByText('Not signed in anywhere.')).toBeVisible();
    expect(await refreshes(request, client.refreshToken)).toBe(false);
  });
});
