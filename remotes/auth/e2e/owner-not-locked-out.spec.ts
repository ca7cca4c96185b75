import { createAccount, expect, latestMail, test } from '@kloof/test-kit/e2e';
import { moveTo, post } from './support/clients';
import { field, resetPasswordThenSignIn, signInWithForm } from './support/sign-in-form';

test.describe('an attacker cannot lock the owner out', () => {
  test('16 rotating addresses guess the password: the owner signs in from a new network at once', async ({ page }) => {
    const owner = await createAccount();
    // The owner's browser signed in before (at home, 127.0.0.5): the account knows this browser now.
    await moveTo(page, '127.0.0.5');
    await signInWithForm(page, owner.email, owner.password);
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/user/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);

    const statuses: number[] = [];
    let attacking = true;
    const attack = (async () => {
      for (let i = 0; attacking; i++) {
        const from = `127.0.1.${(i % 16) + 1}`;
        statuses.push((await post(from, 'auth/login', { email: owner.email, password: `guess-${i}` })).status);
      }
    })();
    try {
      // wait until the attack is slowing unknown clients down
      await expect.poll(() => statuses.filter((s) => s === 429).length).toBeGreaterThan(3);
      // an unknown client at an unknown address, right password and all, waits its turn
      expect((await post('127.0.0.66', 'auth/login', { email: owner.email, password: owner.password })).status).toBe(
        429,
      );
      // the owner's browser, on a network it never used (127.0.0.77), gets in without waiting
      await moveTo(page, '127.0.0.77');
      await signInWithForm(page, owner.email, owner.password);
      await expect(page).toHaveURL(/:\d+\/$/);
    } finally {
      attacking = false;
      await attack;
    }
    expect(statuses).not.toContain(200);
  });

  test("five wrong reset codes from another address do not void the owner's code", async ({ page }) => {
    const owner = await createAccount();
    await moveTo(page, '127.0.0.8');
    await page.goto('/auth/forgetPassword');
    await field(page, 'E-mail address').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/auth\/resetPassword\?email=/);
    const { code } = await latestMail(owner.email, { subject: /Reset/ });
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      const answer = await post('127.0.2.1', 'auth/validOtp', { otp: wrong, email: owner.email });
      expect(answer.status).toBe(400);
    }

    await resetPasswordThenSignIn(page, owner.email, code!, 'my-brand-new-password');
  });
});
