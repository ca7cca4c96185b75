import { createAccount, expect, latestMail, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';
import { totpCode, turnOnAuthenticator } from './support/authenticator';
import { startDefaultLimitsSite, type Site } from './support/default-limits-site';
import { createAccountOn } from './support/site-api';
import { moveTo, post } from './support/clients';
import { field, resetPasswordThenSignIn, signInWithForm } from './support/sign-in-form';

// Issue 38: whatever others send from other addresses, the owner has a way in that they cannot take away.

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as Record<string, unknown>;

test.describe("the owner's way in", () => {
  test("another reset request and 105 wrong guesses from 21 addresses leave the owner's reset code working", async ({
    page,
  }) => {
    const owner = await createAccount();
    await moveTo(page, '127.0.7.1');
    await page.goto('/auth/forgetPassword');
    await field(page, 'E-mail address').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/auth\/resetPassword\?email=/);
    const mailed = await latestMail(owner.email, { subject: /Reset/ });

    // an anonymous request from elsewhere mails the owner the same code, it does not replace it
    expect((await post('127.0.7.2', 'auth/forgetPassword', { email: owner.email })).status).toBe(200);
    const again = await latestMail(owner.email, { subject: /Reset/, newerThan: mailed.id });
    expect(again.code).toBe(mailed.code);
    const wrong = mailed.code === '00000000' ? '11111111' : '00000000';
    for (let a = 0; a < 21; a++)
      for (let i = 0; i < 5; i++)
        expect((await post(`127.0.7.${a + 10}`, 'auth/validOtp', { otp: wrong, email: owner.email })).status).toBe(400);

    await resetPasswordThenSignIn(page, owner.email, mailed.code!, 'my-brand-new-password');
  });

  test('40 addresses x 20 bad sign-ins: the owner on a new device and network gets in with the mailed link', async ({
    page,
  }) => {
    test.setTimeout(scaled(120_000));
    const owner = await createAccount();
    const statuses: number[] = [];
    let attacking = true;
    const attack = (async () => {
      for (let round = 0; round < 20 && attacking; round++)
        await Promise.all(
          Array.from({ length: 40 }, async (_, a) => {
            const guess = { email: owner.email, password: `guess-${round}-${a}` };
            statuses.push((await post(`127.0.8.${a + 1}`, 'auth/login', guess)).status);
          }),
        );
    })();
    try {
      await expect.poll(() => statuses.filter((s) => s === 429).length).toBeGreaterThan(3);
      // a browser the account has never seen, on a network it never used
      await moveTo(page, '127.0.8.200');
      await signInWithForm(page, owner.email, owner.password);
      await expect(page.getByText(/^Sign-in to this account is paused .* We sent a sign-in link/)).toBeVisible();
      // one mail a minute for the whole flood: the newest link in the mailbox is the owner's way in
      const mail = await latestMail(owner.email, { subject: /^Sign in to your/ });
      const link = /(\S+\/auth\/sign-in-link#\S+)/.exec(mail.text)?.[1];
      expect(link).toBeDefined();
      await page.goto(link!);
      await page.getByRole('button', { name: 'Allow this device' }).click();
      await expect(page).toHaveURL(/\/auth\/login\?email=/);
      await expect(field(page, 'E-mail address')).toHaveValue(owner.email);
      await field(page, 'Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/:\d+\/$/);
    } finally {
      attacking = false;
      await attack;
    }
    expect(statuses).not.toContain(200);
  });
});

// The per-address sign-in bucket and the per-account code budget at the product's defaults.
test.describe("the owner's way in, at the default limits", () => {
  let site: Site;
  test.beforeAll(async () => {
    test.setTimeout(scaled(180_000));
    site = await startDefaultLimitsSite();
  });
  test.afterAll(async () => site?.stop());

  test("20 wrong authenticator codes from someone with the password: the owner's password and code still sign in", async ({
    page,
  }) => {
    const owner = await createAccountOn(site.apiUrl);
    const secret = await turnOnAuthenticator(site.apiUrl, owner);
    // far-off steps: well formed, never accepted now
    const wrongCodes = Array.from({ length: 20 }, (_, i) => totpCode(secret, 20 + i));
    for (let step = 0; step < 4; step++) {
      const from = `127.0.9.${step + 1}`;
      const credentials = { email: owner.email, password: owner.password };
      const { challenge } = json((await post(from, 'auth/login', credentials, site.webPort)).body);
      for (const code of wrongCodes.slice(step * 5, step * 5 + 5))
        expect((await post(from, 'auth/login/second-factor', { challenge, code }, site.webPort)).status).toBe(401);
    }

    await moveTo(page, '127.0.9.100', site.webPort);
    await signInWithForm(page, owner.email, owner.password, site.baseUrl);
    await expect(page.getByRole('form', { name: 'Two-step verification' })).toBeVisible();
    // the next step's code: the one the app shows next (the set-up used this step's)
    await page.getByRole('textbox', { name: /^Authentication code/ }).fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('25 passkey sign-in option requests from an address leave its password sign-in open', async ({ page }) => {
    const owner = await createAccountOn(site.apiUrl);
    for (let i = 0; i < 25; i++)
      expect((await post('127.0.10.1', 'auth/passkey/options', {}, site.webPort)).status).toBe(200);
    await moveTo(page, '127.0.10.1', site.webPort);
    await signInWithForm(page, owner.email, owner.password, site.baseUrl);
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});
