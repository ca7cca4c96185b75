import http from 'node:http';
import { createAccount, e2e, expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';

interface Answer {
  status: number;
  /** Seconds the server says to wait (Retry-After), when it refused. */
  retryAfter: number | undefined;
}

interface Credentials {
  email: string;
  password: string;
}

/** One sign-in attempt through the production web server, from a chosen loopback address. */
function loginFrom(localAddress: string, body: Credentials): Promise<Answer> {
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
        const retryAfter = res.headers['retry-after'];
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: retryAfter === undefined ? undefined : Number(retryAfter),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The first turn an account under attack hands out lasts 1 s; every failure doubles the next. */
const SHORTEST_TURN_MS = 1000;

/** Wrong guesses from unfamiliar addresses, and when the latest one that got the account's turn was sent. */
class Attack {
  readonly statuses: number[] = [];
  /** performance.now() when the latest guess that took a turn (401, not 429) was sent. */
  latestTurnSentAt: number | undefined;

  constructor(private readonly email: string) {}

  async guess(from: string): Promise<Answer> {
    const sent = performance.now();
    const answer = await loginFrom(from, { email: this.email, password: `guess-${this.statuses.length}` });
    this.statuses.push(answer.status);
    if (answer.status === 401) this.latestTurnSentAt = sent;
    return answer;
  }
}

test.describe('sign-in under attack', () => {
  test('the owner signs in while an attacker hammers the account from two other addresses', async ({ page }) => {
    // Rounds of the last check wait out turns the server reports, up to its longest delay (60 s).
    test.setTimeout(scaled(60_000) + 3 * 60_000);
    // The owner's account; it has signed in before from this machine (127.0.0.1).
    const owner = await createAccount();
    const attackers = ['127.0.0.2', '127.0.0.3'];
    const attack = new Attack(owner.email);
    const hammer = async (rounds: number) => {
      for (let i = 0; i < rounds; i++) await attack.guess(attackers[i % attackers.length] as string);
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
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/:\d+\/$/);
    } finally {
      attacking = false;
      await background;
    }

    expect(attack.statuses).not.toContain(200);
    expect(attack.statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Even the right password from an attacker's address waits its turn (the spoofed header is ignored).
    const refused = await rightPasswordDuringAnAttackersTurn(owner, attack);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
  });
});

/**
 * The right password from an unfamiliar address while an attacker's guess holds the account's turn.
 * A turn is wall-clock time, so on a slow machine it may end before that request arrives: then the
 * password was rightly let in (that address is now familiar), and the next round takes a new turn
 * and tries from a fresh address. Every guess doubles the next turn, so a turn soon outlasts two
 * requests however slow the machine is. A password let in within the shortest turn is a defect.
 */
async function rightPasswordDuringAnAttackersTurn(owner: Credentials, attack: Attack): Promise<Answer> {
  for (let round = 0; round < 8; round++) {
    // The first round uses the turn the attack left running; later ones wait for the next turn.
    if (round > 0) await takeNextTurn(attack, '127.0.0.3');
    const turnSentAt = attack.latestTurnSentAt;
    if (turnSentAt === undefined) throw new Error('no guess of the attack got a turn');
    const answer = await loginFrom(round === 0 ? '127.0.0.2' : `127.0.1.${round}`, {
      email: owner.email,
      password: owner.password,
    });
    if (answer.status !== 200) return answer;
    expect(
      performance.now() - turnSentAt,
      "the right password got in during an attacker's turn",
    ).toBeGreaterThanOrEqual(SHORTEST_TURN_MS);
  }
  throw new Error('eight turns in a row ended before the next request arrived');
}

/** Guesses again once the running turn is over (the server says when), until a guess takes a turn. */
async function takeNextTurn(attack: Attack, from: string): Promise<void> {
  for (;;) {
    const answer = await attack.guess(from);
    if (answer.status === 401) return;
    expect(answer.status, 'a guess is either refused for now or takes its turn').toBe(429);
    await new Promise((resolve) => setTimeout(resolve, (answer.retryAfter ?? 1) * 1000));
  }
}
