import http from 'node:http';
import { createAccount, e2e, expect, test } from '@kloof/test-kit/e2e';

/** One sign-in attempt through the production web server, from a chosen loopback address. */
function loginFrom(localAddress: string, body: { email: string; password: string }): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: e2e.webPort,
        path: '/v1/auth/login',
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          // pretending to be the owner's usual address: the web server must not believe it
          'x-forwarded-for': '127.0.0.1',
          forwarded: 'for=127.0.0.1',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test.describe('sign-in under attack', () => {
  test('the owner signs in while an attacker hammers the account from two other addresses', async ({ page }) => {
    // The owner's account; it has signed in before from this machine (127.0.0.1).
    const owner = await createAccount();
    const attackers = ['127.0.0.2', '127.0.0.3'];
    const statuses: number[] = [];
    const hammer = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) {
        const from = attackers[i % attackers.length] as string;
        statuses.push(await loginFrom(from, { email: owner.email, password: `guess-${i}` }));
      }
    };

    await hammer(12); // past the free failures: the account is now slowed for unfamiliar addresses
    let attacking = true;
    const background = (async () => {
      while (attacking) await hammer(2);
    })();
    try {
      await page.goto('/auth/login');
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(owner.email);
      await main.getByRole('textbox', { name: 'Password', exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      attacking = false;
      await background;
    }

    expect(statuses).not.toContain(200);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Even the right password from an attacker's address waits its turn (the spoofed header is ignored).
    expect(await loginFrom('127.0.0.2', { email: owner.email, password: owner.password })).toBe(429);
  });
});
