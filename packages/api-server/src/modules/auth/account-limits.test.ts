import { startRedis, type TestRedis } from '../../../testing/redis';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, uniqueEmail } from '../../../testing/users';

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
  // One server per store; each test attacks a fresh account of its own.
  let s: TestServer | null = null;
  beforeAll(async () => {
    const env = storeEnv();
    if (env) s = await startTestServer({ env: { ...ENV, ...env } });
  });
  afterAll(async () => {
    await s?.close();
  });
  const start = async () => s;

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
    const nobody = uniqueEmail('nobody');
    expect(await attack(srv, nobody, 6)).toEqual([401, 401, 401, 401, 429, 429]);
    const slowed = await login(srv, owner.email, 'not the password', nextAttacker());
    expect(slowed.status).toBe(429);
    // the held answer points to the mailed sign-in link, for an address without an account too
    expect(slowed.body.message).toBe(
      'Sign-in to this account is paused after many failed attempts. We sent a sign-in link to its e-mail address: open it on this device, then sign in with your password.',
    );
    expect((await login(srv, nobody, 'not the password', nextAttacker())).body.message).toBe(slowed.body.message);
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

  it("the issue's attack: 16 rotating addresses, a wrong password a second; the owner's browser gets in from new addresses at once", async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    const device = 'owner-browser-0123456789abcdef';
    const signIn = (ip: string, extra: Record<string, string> = {}, password = owner.password) =>
      srv.api('POST', '/v1/auth/login', { body: { email: owner.email, password, ...extra }, headers: from(ip) });
    // The owner's browser signed in once before, at home.
    expect((await signIn('198.51.100.10', { device })).status).toBe(200);

    const attackStatuses: number[] = [];
    const owners: number[] = [];
    const strangers: number[] = [];
    for (let second = 0; second < 64; second++) {
      const res = await signIn(`203.0.113.${(second % 16) + 1}`, {}, 'not the password');
      attackStatuses.push(res.status);
      if (res.status === 429 && second % 4 === 1) {
        // an unknown browser (made-up device id) waits its turn like the attacker, right password or not
        const stranger = await signIn(`192.0.2.${200 + second}`, { device: `made-up-device-${second}-xxxxxxxx` });
        strangers.push(stranger.status);
      }
      if (second % 4 === 3) {
        // the owner on the move: a different network every time, the same browser
        owners.push((await signIn(`192.0.2.${second}`, { device })).status);
      }
      srv.clock.advanceSeconds(1);
    }
    expect(owners).toEqual(Array(16).fill(200));
    expect(attackStatuses).not.toContain(200);
    expect(attackStatuses.filter((s) => s === 429).length).toBeGreaterThan(40);
    expect(strangers.length).toBeGreaterThanOrEqual(12);
    expect(strangers.every((s) => s === 429)).toBe(true);
    // and right after the attack, without waiting
    expect((await signIn('192.0.2.250', { device })).status).toBe(200);
  });

  it("the issue's flood: 40 addresses x 5 bad sign-ins; the owner on a new device and network gets in with the mailed link", async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    for (let a = 0; a < 40; a++)
      for (let i = 0; i < 5; i++) await login(srv, owner.email, `guess ${a}-${i}`, `203.0.117.${a + 1}`);
    const device = 'owner-new-laptop-8899aabbccddeeff';
    const signIn = (ip: string, dev: string) =>
      srv.api('POST', '/v1/auth/login', {
        body: { email: owner.email, password: owner.password, device: dev },
        headers: from(ip),
      });
    const held = await signIn('192.0.2.60', device);
    expect(held).toMatchObject({
      status: 429,
      body: {
        message:
          'Sign-in to this account is paused after many failed attempts. We sent a sign-in link to its e-mail address: open it on this device, then sign in with your password.',
        feedback: { reason: 'sign-in-held' },
      },
    });
    // one link mail for the whole flood (at most one a minute), not one per refused sign-in
    await latestMail(srv, owner.email);
    const outbox = await srv.api('GET', `/v1/dev/outbox?to=${encodeURIComponent(owner.email)}`);
    const links = (outbox.body.items as { subject: string; text: string }[]).filter((m) =>
      m.subject.startsWith('Sign in to your'),
    );
    expect(links).toHaveLength(1);
    const token = /\/auth\/sign-in-link#(\S+)/.exec(links[0]!.text)?.[1] as string;
    const redeem = (dev: string) =>
      srv.api('POST', '/v1/auth/sign-in-link', { body: { token, device: dev }, headers: from('192.0.2.60') });
    expect(await redeem(device)).toMatchObject({ status: 200, body: { email: owner.email } });
    expect((await signIn('192.0.2.60', device)).status).toBe(200);
    // single use, and it let in only the browser that used it
    expect(await redeem('another-browser-0123456789')).toMatchObject({
      status: 400,
      body: { message: 'This sign-in link has expired or was used already. Sign in again to get a new one.' },
    });
    expect((await signIn('192.0.2.61', 'another-browser-0123456789')).status).toBe(429);
  });

  it("a known device's own wrong passwords slow that device only", async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    const device = 'owner-browser-fedcba9876543210';
    const signIn = (ip: string, password: string, extra: Record<string, string> = {}) =>
      srv.api('POST', '/v1/auth/login', { body: { email: owner.email, password, ...extra }, headers: from(ip) });
    expect((await signIn('198.51.100.10', owner.password, { device })).status).toBe(200);
    const typos: number[] = [];
    for (let i = 0; i < 5; i++) typos.push((await signIn(nextAttacker(), 'typo typo', { device })).status);
    expect(typos).toEqual([401, 401, 401, 401, 429]);
    // the account itself is not slowed for other clients by the device's failures
    expect((await signIn(nextAttacker(), 'not the password')).status).toBe(401);
  });

  it("five wrong reset codes from another address leave the owner's code working", async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    const home = '198.51.100.33';
    await srv.api('POST', '/v1/auth/forgetPassword', { body: { email: owner.email }, headers: from(home) });
    const code = (await latestMail(srv, owner.email))?.code as string;
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const attackerIp = '203.0.113.99';
    for (let i = 0; i < 5; i++) {
      const res = await srv.api('POST', '/v1/auth/validOtp', {
        body: { otp: wrong, email: owner.email },
        headers: from(attackerIp),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid or expired code');
    }
    // the attacker's tries are spent: even the right code is refused from there
    expect(
      (
        await srv.api('POST', '/v1/auth/validOtp', {
          body: { otp: code, email: owner.email },
          headers: from(attackerIp),
        })
      ).status,
    ).toBe(400);
    // the owner's are not
    expect(
      (await srv.api('POST', '/v1/auth/validOtp', { body: { otp: code, email: owner.email }, headers: from(home) }))
        .status,
    ).toBe(200);
    const reset = await srv.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: owner.email, password: 'a brand new pass', passwordConfirm: 'a brand new pass' },
      headers: from(home),
    });
    expect(reset.status).toBe(200);
  });

  it('a known device has its own code tries wherever it is, and many addresses together run out', async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    const device = 'owner-browser-0011223344556677';
    const known = await srv.api('POST', '/v1/auth/login', {
      body: { email: owner.email, password: owner.password, device },
      headers: from('198.51.100.10'),
    });
    expect(known.status).toBe(200);
    await srv.api('POST', '/v1/auth/forgetPassword', { body: { email: owner.email }, headers: from('198.51.100.10') });
    const code = (await latestMail(srv, owner.email))?.code as string;
    const wrong = code === '00000000' ? '11111111' : '00000000';
    const tryCode = (otp: string, ip: string, extra: Record<string, string> = {}) =>
      srv.api('POST', '/v1/auth/validOtp', { body: { otp, email: owner.email, ...extra }, headers: from(ip) });
    // the attacker shares the owner's network (one address) and makes up device ids
    for (let i = 0; i < 5; i++)
      expect((await tryCode(wrong, '198.51.100.10', { device: `fake-device-${i}-abcdefgh` })).status).toBe(400);
    expect((await tryCode(code, '198.51.100.10')).status).toBe(400);
    expect((await tryCode(code, '198.51.100.10', { device })).status).toBe(200);
    // 20 addresses x 5 wrong tries: an address that tried gets no more (a guesser's total is bounded)
    for (let a = 0; a < 19; a++) for (let i = 0; i < 5; i++) await tryCode(wrong, `203.0.114.${a + 1}`);
    expect((await tryCode(wrong, '203.0.115.1')).status).toBe(400);
    expect((await tryCode(code, '203.0.115.1')).status).toBe(400);
    // the code itself lives on: the known device, and the first try of an address new to it
    expect((await tryCode(code, '198.51.100.10', { device })).status).toBe(200);
    expect((await tryCode(code, '192.0.2.44')).status).toBe(200);
  });

  it("the issue's attacks on a pending reset: another request and 105 wrong guesses from 21 addresses leave the owner's code working", async () => {
    const srv = await start();
    if (!srv) return;
    const owner = await createUser(srv);
    const forget = (ip: string) =>
      srv.api('POST', '/v1/auth/forgetPassword', { body: { email: owner.email }, headers: from(ip) });
    await forget('198.51.100.40');
    const code = (await latestMail(srv, owner.email))?.code as string;
    // an anonymous request from elsewhere mails the owner the same code
    expect((await forget('203.0.113.200')).status).toBe(200);
    expect((await latestMail(srv, owner.email))?.code).toBe(code);
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let a = 0; a < 21; a++)
      for (let i = 0; i < 5; i++)
        await srv.api('POST', '/v1/auth/validOtp', {
          body: { otp: wrong, email: owner.email },
          headers: from(`203.0.116.${a + 1}`),
        });
    // the owner, mail in hand, on a network that never tried the code
    const reset = await srv.api('POST', '/v1/auth/resetPassword', {
      body: { otp: code, email: owner.email, password: 'a brand new pass', passwordConfirm: 'a brand new pass' },
      headers: from('192.0.2.45'),
    });
    expect(reset.status).toBe(200);
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
