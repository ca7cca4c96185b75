/**
 * How long the owner's way in takes during a sign-in flood (issue 38), on loopback: the API
 * in-process (production password hashing), an account, 40 addresses x 20 bad sign-ins (through
 * X-Forwarded-For, trusted from 127.0.0.1), then the owner on a new device and address: refused
 * sign-in -> the link mail in the outbox -> link used -> signed in. Prints the median and range
 * of that time (machine time only: no person reading mail) over BENCH_ROUNDS (default 5) rounds.
 * Env: DATABASE_URL (optional; PGlite in memory otherwise).
 */
import { randomUUID } from 'node:crypto';
import { startInProcessApi } from './in-process-api';

const rounds = Math.min(Number(process.env.BENCH_ROUNDS ?? 5), 20);

const { app, base } = await startInProcessApi({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_LOGIN: '100000000' });

const post = (path: string, body: unknown, from = '127.0.0.1') =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
const outbox = async (email: string) =>
  (
    (await (await fetch(`${base}/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      items: { subject: string; text: string; code?: string }[];
    }
  ).items;

async function waitFor<T>(find: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function round(n: number): Promise<{ floodMs: number; wayInMs: number }> {
  const email = `owner-${n}-${randomUUID().slice(0, 6)}@example.com`;
  const password = 'a long owner password 1';
  await post('/v1/auth/register', { username: `owner${n}`, email, password });
  const code = await waitFor(async () => (await outbox(email))[0]?.code);
  await post('/v1/auth/accountConfirmation/confirm', { email, otp: code });

  const floodStart = performance.now();
  for (let r = 0; r < 20; r++)
    await Promise.all(
      Array.from({ length: 40 }, (_, a) =>
        post('/v1/auth/login', { email, password: `guess ${r} ${a}` }, `10.9.${n}.${a + 1}`),
      ),
    );
  const floodMs = performance.now() - floodStart;

  const device = `owner-device-${randomUUID()}`.replace(/[^A-Za-z0-9_-]/g, '');
  const owner = { email, password, device };
  const start = performance.now();
  const held = await post('/v1/auth/login', owner, '192.0.2.200');
  if (held.status !== 429) throw new Error(`the owner's sign-in answered ${held.status}, not 429`);
  const mail = await waitFor(async () => (await outbox(email)).find((m) => m.subject.startsWith('Sign in to your')));
  const token = /\/auth\/sign-in-link#(\S+)/.exec(mail.text)?.[1];
  const redeemed = await post('/v1/auth/sign-in-link', { token, device }, '192.0.2.200');
  if (redeemed.status !== 200) throw new Error(`the link answered ${redeemed.status}`);
  const signedIn = await post('/v1/auth/login', owner, '192.0.2.200');
  if (signedIn.status !== 200) throw new Error(`the owner's sign-in after the link answered ${signedIn.status}`);
  return { floodMs, wayInMs: performance.now() - start };
}

const results: { floodMs: number; wayInMs: number }[] = [];
for (let n = 0; n < rounds; n++) results.push(await round(n));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const describe = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;
console.log(`Owner's way in during a flood (${rounds} rounds, database ${app.dbKind}):`);
console.log(`  refused sign-in -> link mail -> link used -> signed in: ${describe(results.map((r) => r.wayInMs))}`);
console.log(`  flood of 40 x 20 bad sign-ins: ${describe(results.map((r) => r.floodMs))}`);
await app.close();
