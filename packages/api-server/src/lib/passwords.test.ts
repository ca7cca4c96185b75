import { addressTurn, createPasswordHasher, deviceTurn } from './passwords';
import { HttpError } from './http-error';

const CHEAP = { memoryCost: 256, timeCost: 1, parallelism: 1 };
const ONE_AT_A_TIME = { concurrency: 1, maxWaiting: 1, maxWaitingPerClient: 1, maxWaitMs: 2000 };

/** What a refused check answers: status, message, Retry-After. */
async function refusal(check: Promise<unknown>) {
  const err = await check.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return { status: err.statusCode, message: err.message, retryAfter: err.headers?.['retry-after'] };
}

describe('password checks take turns', () => {
  it('answers a client that already has a check waiting 429 "Too many requests" with Retry-After', async () => {
    const passwords = await createPasswordHasher(CHEAP, ONE_AT_A_TIME);
    const stored = await passwords.hash('a password', addressTurn('198.51.100.1'));
    const turn = addressTurn('203.0.113.9');
    const running = passwords.verify(stored, 'a password', turn);
    const waiting = passwords.verify(stored, 'wrong', turn);
    expect(await refusal(passwords.verify(stored, 'a password', turn))).toEqual({
      status: 429,
      message: 'Too many requests, please try again later.',
      retryAfter: '2',
    });
    await expect(running).resolves.toBe(true);
    await expect(waiting).resolves.toBe(false);
  });

  it('answers 503 "busy" with Retry-After once every place in line is taken, yet lets a known device in', async () => {
    const passwords = await createPasswordHasher(CHEAP, ONE_AT_A_TIME);
    const stored = await passwords.hash('a password', addressTurn('198.51.100.1'));
    const checks = [passwords.verifyDummy('x', addressTurn('203.0.113.1'))];
    checks.push(passwords.verifyDummy('x', addressTurn('203.0.113.2')));
    expect(await refusal(passwords.verifyDummy('x', addressTurn('203.0.113.3')))).toEqual({
      status: 503,
      message: 'The server is busy checking passwords. Please try again in a moment.',
      retryAfter: '5',
    });
    await expect(passwords.verify(stored, 'a password', deviceTurn('owner-device'))).resolves.toBe(true);
    await expect(Promise.all(checks)).resolves.toEqual([false, false]);
  });

  it('counts every address of one IPv6 /64 as one client, so walking the /64 gets no more places', async () => {
    const passwords = await createPasswordHasher(CHEAP, { ...ONE_AT_A_TIME, maxWaiting: 4 });
    const stored = await passwords.hash('a password', addressTurn('198.51.100.1'));
    const running = passwords.verify(stored, 'wrong', addressTurn('2001:db8:5:6::1'));
    const waiting = passwords.verify(stored, 'wrong', addressTurn('2001:db8:5:6::2'));
    expect((await refusal(passwords.verify(stored, 'wrong', addressTurn('2001:db8:5:6::3')))).status).toBe(429);
    // Another /64 has a line of its own.
    await expect(passwords.verify(stored, 'a password', addressTurn('2001:db8:5:7::1'))).resolves.toBe(true);
    await expect(Promise.all([running, waiting])).resolves.toEqual([false, false]);
  });
});
