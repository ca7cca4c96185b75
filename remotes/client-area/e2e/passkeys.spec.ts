import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { createAccount, e2e, expect, signIn, test, type Account } from '@kloof/test-kit/e2e';

const SHOTS = '/tmp/shots-passkeys';

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform authenticator of this browser
 * that keeps discoverable passkeys and verifies its user, answering every prompt at once.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function passkeysHeld(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

async function addPasskey(page: Page, account: Account, name: string, beforeContinue = async () => {}) {
  const section = passkeysSection(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const form = section.getByRole('form', { name: 'Add a passkey' });
  await expect(form.getByLabel(/^Current password/)).toBeFocused();
  await form.getByLabel(/^Current password/).fill(account.password);
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await beforeContinue();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Passkey added: ${name}.`)).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
}

async function signOut(page: Page) {
  await page.goto('/user/logout');
  await expect(page).toHaveURL(/\/auth\/login$/);
}

/** axe's findings on one part of the page (a CSS selector), in the light and the dark theme. */
async function violations(page: Page, part: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    const { violations } = await new AxeBuilder({ page })
      .include(part)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    if (violations.length)
      found[colorScheme] = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** The page at a phone's and a laptop's width, light and dark, for the report. */
async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header where it belongs in a full-page shot
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test.use({ reducedMotion: 'reduce' });

test.describe('Passkeys', () => {
  test('add one in Security, sign out, sign in with it alone, rename it, remove it: then it signs in no more', async ({
    page,
  }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const account = await createAccount();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, account, '/user/settings');
    await expect(passkeysSection(page).getByText('No passkeys yet.')).toBeVisible();

    await addPasskey(page, account, 'E2E laptop', () => screenshots(page, 'add-form'));
    const [held] = await passkeysHeld(cdp, authenticatorId);
    expect(held).toMatchObject({ isResidentCredential: true, rpId: new URL(e2e.baseUrl).hostname });
    await expect(passkeysSection(page).getByRole('listitem')).toContainText(/last used never/);
    expect(await violations(page, '[aria-labelledby="security-heading"]')).toEqual({});
    await screenshots(page, 'added');

    // Signed out, the sign-in page offers the passkey: no e-mail, no password.
    await signOut(page);
    expect(await violations(page, 'main')).toEqual({});
    await screenshots(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByText(`Welcome, ${account.username}`)).toBeVisible();

    await page.goto('/user/settings');
    const item = passkeysSection(page).getByRole('listitem');
    await expect(item).not.toContainText('last used never');
    await passkeysSection(page).getByRole('button', { name: 'Rename E2E laptop' }).click();
    const name = passkeysSection(page).getByRole('textbox', { name: /^Name/ });
    await expect(name).toBeFocused();
    await name.fill('Work laptop');
    await name.press('Enter');
    await expect(passkeysSection(page).getByRole('button', { name: 'Rename Work laptop' })).toBeFocused();
    await screenshots(page, 'renamed');

    await passkeysSection(page).getByRole('button', { name: 'Remove Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Work laptop?' });
    await expect(dialog.getByLabel(/^Current password/)).toBeFocused();
    await screenshots(page, 'remove-dialog');
    await dialog.getByLabel(/^Current password/).fill(account.password);
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    // The last one is a second factor going: the passkey itself confirms it, the password is not enough.
    const recheck = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(recheck).toContainText('your password alone is not enough');
    await recheck.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByText('Removed Work laptop. It signs in no more.')).toBeVisible();
    await expect(passkeysSection(page).getByText('No passkeys yet.')).toBeVisible();
    await expect(passkeysSection(page).getByRole('button', { name: 'Add a passkey' })).toBeFocused();

    // The browser still holds it, but the site no longer takes it.
    expect(await passkeysHeld(cdp, authenticatorId)).toHaveLength(1);
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This passkey could not sign you in. Try again, or sign in with your password.',
    );
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
    expect(await violations(page, 'main')).toEqual({});
  });

  test('a passkey stands in for the authenticator code after the password', async ({ page, request }) => {
    await virtualAuthenticator(page);
    const account = await createAccount();
    // The authenticator app turned on through the API, as the Security section does it.
    const bearer = { Authorization: `Bearer ${account.accessToken}` };
    const proof = await request.post(`${e2e.apiUrl}/current-user/fresh-proof`, {
      headers: bearer,
      data: { kind: 'password', password: account.password },
    });
    expect(proof.status()).toBe(200);
    const { secret } = await (await request.post(`${e2e.apiUrl}/current-user/totp`, { headers: bearer })).json();
    const confirmed = await request.post(`${e2e.apiUrl}/current-user/totp/confirm`, {
      headers: bearer,
      data: { code: generateSync({ secret }) },
    });
    expect(confirmed.status()).toBe(200);
    await signIn(page, account, '/user/settings');
    await addPasskey(page, account, 'E2E phone');

    await signOut(page);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(account.email);
    await main.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('textbox', { name: /^Authentication code/ })).toBeFocused();
    await screenshots(page, 'second-step');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});
