import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { createAccount, e2e, expect, test } from '@kloof/test-kit/e2e';
import { scaled } from '@kloof/test-kit/slowdown';

/** Attack sockets in all, from child processes (each under its own open-file limit). */
const SOCKETS = 20_000;
const CHILDREN = 4;
/** Source addresses per child: 200 sockets each, under the per-address cap, so the overall cap is what sheds. */
const ADDRESSES_PER_CHILD = 25;
const TRICKLE_MS = 2_000;

interface Counts {
  connected: number;
  settled: number;
  closed: number;
  open: number;
}

/** The attacker processes and the sum of what they report. */
class Slowloris {
  private readonly latest: Counts[];
  private readonly children: ChildProcess[];

  constructor(port: number) {
    const script = path.join(import.meta.dirname, 'support', 'slowloris.ts');
    const share = SOCKETS / CHILDREN;
    this.latest = Array.from({ length: CHILDREN }, () => ({ connected: 0, settled: 0, closed: 0, open: 0 }));
    this.children = this.latest.map((_, i) => {
      const args = [port, share, i * ADDRESSES_PER_CHILD, ADDRESSES_PER_CHILD, TRICKLE_MS].map(String);
      const child = fork(script, args, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      child.on('message', (counts: Counts) => (this.latest[i] = counts));
      return child;
    });
  }

  counts(): Counts {
    const sum = { connected: 0, settled: 0, closed: 0, open: 0 };
    for (const counts of this.latest) for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += counts[key];
    return sum;
  }

  async until(what: string, holds: (counts: Counts) => boolean, timeoutMs: number): Promise<number> {
    await expect.poll(() => holds(this.counts()), { message: what, timeout: timeoutMs, intervals: [100] }).toBe(true);
    return performance.now();
  }

  stop(): void {
    for (const child of this.children) if (child.connected) child.send('stop');
  }
}

/** A form field of the page's main content by its exact accessible name. */
const field = (page: Page, name: string) => page.getByRole('main').getByRole('textbox', { name, exact: true });

test.describe('the web server under a slowloris flood', () => {
  test(`${SOCKETS} slow connections: a visitor still loads / and signs in, and every slow one is shed`, async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000));
    const account = await createAccount();
    const started = performance.now();
    const attack = new Slowloris(e2e.webPort);
    try {
      const allOpened = await attack.until(
        'every attack socket connected or refused',
        (c) => c.settled === SOCKETS,
        scaled(30_000),
      );
      const atPeak = attack.counts();

      // A visitor, while the flood is held: the home page, then the sign-in form.
      const visitStart = performance.now();
      await page.goto('/');
      await expect(page.getByRole('main')).toBeVisible();
      const homeLoadedMs = performance.now() - visitStart;
      await page.goto('/auth/login');
      await field(page, 'E-mail address').fill(account.email);
      await field(page, 'Password').fill(account.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/:\d+\/$/);
      const signedInMs = performance.now() - visitStart;
      const duringVisit = attack.counts();

      // Every attack socket is shed: pushed out by a newer one at the cap, or closed at the header timeout.
      const allShed = await attack.until(
        'every attack socket closed by the server',
        (c) => c.closed === c.connected,
        scaled(40_000),
      );
      console.log(
        `slowloris: ${atPeak.connected} of ${SOCKETS} connected in ${Math.round(allOpened - started)} ms ` +
          `(${atPeak.open} held, ${atPeak.closed} shed at the cap by then); home loaded in ${Math.round(homeLoadedMs)} ms, ` +
          `signed in after ${Math.round(signedInMs)} ms with ${duringVisit.open} held; ` +
          `all ${attack.counts().closed} closed ${Math.round(allShed - allOpened)} ms after the last opened`,
      );
      expect(atPeak.connected).toBe(SOCKETS);
    } finally {
      attack.stop();
    }
  });
});
