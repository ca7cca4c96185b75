import http from 'node:http';
import type { Page } from '@playwright/test';
import { createAccount, e2e, expect, latestMail, test } from '@kloof/test-kit/e2e';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request to the production web server from a chosen loopback address (the client's address). */
function sendFrom(
  localAddress: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | null,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: e2e.webPort, path, method, localAddress, agent: false, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const out: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && name !== 'transfer-encoding' && name !== 'connection') out[name] = String(value);
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

const post = (from: string, path: string, body: object) =>
  sendFrom(from, 'POST', `/v1/${path}`, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)));

/** The browser's API calls leave from another address from now on: the owner on another network. */
async function moveTo(page: Page, localAddress: string) {
  await page.unroute('**/v1/**');
  await page.route('**/v1/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers = { ...(await request.allHeaders()) };
    delete headers.host;
    const answer = await sendFrom(
      localAddress,
      request.method(),
      url.pathname + url.search,
      headers,
      request.postDataBuffer(),
    );
    await route.fulfill(answer);
  });
}

function field(page: Page, name: string) {
  return page.getByRole('main').getByRole('textbox', { name, exact: true });
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await field(page, 'E-mail address').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('an attacker cannot lock the owner out', () => {
  test('16 rotating addresses guess the password: the owner signs in from a new network at once', async ({ page }) => {
    const owner = await createAccount();
    // The owner's browser signed in before (at home, 127.0.0.5): the account knows this browser now.
    await moveTo(page, '127.0.0.5');
    await signInWithForm(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
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
      await expect(page).toHaveURL(/\/dashboard$/);
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

    await field(page, 'Reset code').fill(code!);
    await field(page, 'New password').fill('my-brand-new-password');
    await field(page, 'Repeat new password').fill('my-brand-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await field(page, 'E-mail address').fill(owner.email);
    await field(page, 'Password').fill('my-brand-new-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
