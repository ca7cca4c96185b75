import { startRedis, type TestRedis } from '../../testing/redis';
import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, latestMail, uniqueEmail } from '../../testing/users';

// The test server trusts X-Forwarded-For from itself (127.0.0.1), so each header value is a client.
const ENV = {
  TRUST_PROXY: '127.0.0.1',
  RATE_LIMIT_ACCOUNT_FREE_FAILURES: '3',
  RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS: '60',
  RATE_LIMIT_PASSWORD: '3',
};
const from = (ip: string) => ({ 'x-forwarded-for': ip });
let attacker = 0;
/** A fresh address for every attack request: per-IP limits never help here. */
const nextAttacker = () => `203.0.113.${(attacker = (attacker % 250) + 1)}`;

let redis: TestRedis | null = null;
beforeAll(async () => {
  redis = await startRedis();
  if (!redis) console.warn('redis-server not found: the Redis variants of the account limits are skipped');
});
afterAll(async () => {
  await redis?.stop();
});

const stores: [string, () => Record<string, string> | null][] = [
  ['database store', () => ({})],
  ['Redis store', () => (redis ? { REDIS_URL: redis.url } : null)],
];

describe.each(stores)('per-account sign-in limits (%s)', (_name, storeEnv) => {
  let s: TestServer | undefined;
  const start = async () => {
    const env = storeEnv();
    if (!env) return null;
    s = await startTestServer({ env: { ...ENV, ...env } });
    return s;
  };
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  const login = (srv: TestServer, email: string, password: string, ip: string) =>
    srv.api('POST', '/v1/auth/login', { body: { email, password }, headers: from(ip) });

  async function attack(srv: TestServer, email: string, tries: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) statuses.push((await login(srv, email, 'not the password', nextAttacker())).status);
    return statuses;
  }

  it('slows an attack spread over many addresses, the same way for unknown addresses', async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    // 3 free failures, then one try per delay (1 s) whoever makes it
    expect(await attack(srv, owner.email, 6)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(await attack(srv, uniqueEmail('nobody'), 6)).toEqual([401, 401, 401, 401, 429, 429]);
    const slowed = await login(srv, owner.email, 'not the password', nextAttacker());
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe('Too many requests, please try again later.');
    expect(Number(slowed.headers.get('retry-after'))).toBe(1);
    // each failure past the free ones doubles the delay, up to the ceiling
    for (let i = 0; i < 12; i++) {
      srv.clock.advanceSeconds(61);
      expect((await login(srv, owner.email, 'not the password', nextAttacker())).status).toBe(401);
    }
    const capped = await login(srv, owner.email, 'not the password', nextAttacker());
    expect(Number(capped.headers.get('retry-after'))).toBe(60);
  });

  it('never locks the owner out: familiar addresses pass, a new one waits its turn', async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    expect((await login(srv, owner.email, owner.password, '198.51.100.10')).status).toBe(200);
    await attack(srv, owner.email, 20);
    expect((await login(srv, owner.email, owner.password, '198.51.100.10')).status).toBe(200);
    const newDevice = await login(srv, owner.email, owner.password, '198.51.100.77');
    expect(newDevice.status).toBe(429);
    srv.clock.advanceSeconds(Number(newDevice.headers.get('retry-after')));
    expect((await login(srv, owner.email, owner.password, '198.51.100.77')).status).toBe(200);
  });

  it('keeps the reset path open during an attack, and the reset makes that address familiar', async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    await attack(srv, owner.email, 20);
    const ip = '198.51.100.33';
    expect(
      (await srv.api('POST', '/v1/auth/forgetPassword', { body: { email: owner.email }, headers: from(ip) })).status,
    ).toBe(200);
    const code = (await latestMail(srv, owner.email))?.code as string;
    const reset = await srv.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: owner.email, password: 'a brand new pass', passwordConfirm: 'a brand new pass' },
      headers: from(ip),
    });
    expect(reset.status).toBe(200);
    await attack(srv, owner.email, 5);
    expect((await login(srv, owner.email, 'a brand new pass', ip)).status).toBe(200);
  });

  it('limits password changes per account, across addresses', async () => {
    const srv = await start();
    if (!srv) return;
    const u = await createUser(srv);
    const change = (ip: string) =>
      srv.api('POST', '/v1/current-user/password', {
        token: u.accessToken,
        headers: from(ip),
        body: { currentPassword: 'wrong guess!', password: 'new password 1', passwordConfirm: 'new password 1' },
      });
    for (let i = 0; i < 3; i++) expect((await change(nextAttacker())).status).toBe(400);
    const limited = await change(nextAttacker());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('limits hold across several API instances', () => {
  const pairs: [string, () => Promise<[TestServer, TestServer] | null>][] = [
    [
      'two instances on one Redis',
      async () => {
        if (!redis) return null;
        const env = { ...ENV, REDIS_URL: redis.url };
        return [await startTestServer({ env }), await startTestServer({ env })];
      },
    ],
    [
      'two instances on one PostgreSQL database (database store)',
      async () => {
        if (!process.env.DATABASE_URL) return null;
        const a = await startTestServer({ env: ENV });
        return [a, await startTestServer({ config: a.config, clock: a.clock })];
      },
    ],
  ];

  it.each(pairs)('%s: an attack alternating between instances is counted once', async (_name, startPair) => {
    const pair = await startPair();
    if (!pair) return;
    const [a, b] = pair;
    try {
      const email = uniqueEmail('shared');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const srv = i % 2 ? b : a;
        const res = await srv.api('POST', '/v1/auth/login', {
          body: { email, password: 'not the password' },
          headers: from(nextAttacker()),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
