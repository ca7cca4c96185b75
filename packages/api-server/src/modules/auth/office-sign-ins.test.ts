import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';

const OFFICE = '198.51.100.50';
const COLLEAGUES = 50;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    // RATE_LIMIT_LOGIN and the window as shipped; the test server believes X-Forwarded-For from itself.
    env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_LOGIN: '20', RATE_LIMIT_WINDOW_SECONDS: '900' },
  });
});
afterAll(async () => s.close());

/** A sign-in from the office's one address, from this colleague's own browser. */
const signInAtOffice = (email: string, password: string, device: string) =>
  s.api('POST', '/v1/auth/login', {
    body: { email, password, device },
    headers: { 'x-forwarded-for': OFFICE },
  });

describe('the sign-in limit of one address', () => {
  it('lets an office of 50 behind one address sign in twice each in 15 minutes, and still refuses a flood of wrong passwords from it', async () => {
    const colleagues: TestUser[] = [];
    for (let n = 0; n < COLLEAGUES; n++) colleagues.push(await createUser(s));
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const [n, colleague] of colleagues.entries()) {
        s.clock.advanceSeconds(4); // 100 sign-ins over 400 s: within the 900 s window
        const res = await signInAtOffice(colleague.email, colleague.password, `office-desk-${n}-0123456789`);
        statuses.push(res.status);
      }
    }
    expect(statuses).toHaveLength(2 * COLLEAGUES);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // The audit's flood from that address: wrong passwords for every colleague, 20 failures then 429.
    const flood: number[] = [];
    for (const colleague of colleagues.slice(0, 25)) {
      const res = await signInAtOffice(colleague.email, 'not their password', 'attacker-device-0123456789');
      flood.push(res.status);
    }
    expect(flood).toEqual([...Array<number>(20).fill(401), ...Array<number>(5).fill(429)]);
  });
});
