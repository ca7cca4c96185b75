import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, TestClock, testConfig, type TestServer } from '../testing/harness';
import { anyPostgres, postgresBinaries, type SharedPostgres } from '../testing/postgres-cluster';
import { startRedis, type TestRedis } from '../testing/redis';
import { createUser, proveFresh } from '../testing/users';
import { untilStatus } from '../testing/until-status';

// Several API instances on one PostgreSQL (and one Redis for the limits) behave as one: an instance
// reuses what it read of a session and its roles for at most AUTH_CACHE_MS (<= 1 s), and drops it
// as soon as PostgreSQL announces a change to that user (plugins/auth-cache.ts); rate limits count
// in the database or in Redis (plugins/rate-limit.ts), never in an instance's memory.

/** A sign-out or role change must hold on every instance within this (issue 25). */
const ENFORCEMENT_LIMIT_MS = 1_000;

const havePostgres = !!process.env.DATABASE_URL || !!postgresBinaries();
if (!havePostgres) console.warn('multi-instance tests skipped: no DATABASE_URL and no PostgreSQL server programs');
const withPostgres = havePostgres ? describe : describe.skip;

let postgres: SharedPostgres | null = null;
let redis: TestRedis | null = null;

beforeAll(async () => {
  if (!havePostgres) return;
  postgres = await anyPostgres();
  redis = await startRedis();
  if (!redis) console.warn('multi-instance Redis test skipped: no REDIS_URL and no redis-server');
}, scaled(120_000));
afterAll(async () => {
  await redis?.stop();
  await postgres?.release();
});

/** Two instances on one schema of the shared PostgreSQL, as two API processes behind a balancer would be. */
async function twoInstances(
  env: Record<string, string> = {},
  overrides: { authCacheMs?: number } = {},
): Promise<[TestServer, TestServer, () => Promise<void>]> {
  const url = (postgres as SharedPostgres).url;
  const schema = `t_multi_${randomBytes(5).toString('hex')}`;
  const config = { ...testConfig({ DATABASE_URL: url, ...env }), databaseSchema: schema, ...overrides };
  const clock = new TestClock();
  const one = await startTestServer({ config, clock });
  const two = await startTestServer({ config, clock });
  const close = async () => {
    await one.close();
    await two.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  };
  return [one, two, close];
}

withPostgres('two API instances on one PostgreSQL', () => {
  it('enforce a role change made through the other instance within 1 s', async () => {
    const [one, two, close] = await twoInstances();
    try {
      const boss = await createUser(one, { roles: ['SuperAdmin'] });
      const admin = await createUser(one, { roles: ['Admin'] });
      expect((await two.api('GET', '/v1/users', { token: admin.accessToken })).status).toBe(200);

      await proveFresh(one, boss);
      const demoted = await one.api('PATCH', `/v1/users/${admin.id}`, { token: boss.accessToken, body: { roles: [] } });
      expect(demoted.status).toBe(200);
      // A role change revokes the user's sessions, on every instance.
      const enforced = await untilStatus(
        401,
        async () => (await two.api('GET', '/v1/users', { token: admin.accessToken })).status,
      );
      console.info(
        `role change on instance 1 enforced by instance 2 ${enforced.ms} ms later (request ${enforced.polls})`,
      );
      expect(enforced.ms).toBeLessThan(ENFORCEMENT_LIMIT_MS);
      // Signed in again (through instance 2): the roles are read from the database, not the token.
      const again = await two.api('POST', '/v1/auth/login', { body: { email: admin.email, password: admin.password } });
      expect(again.status).toBe(200);
      expect((await two.api('GET', '/v1/users', { token: again.body.accessToken })).status).toBe(403);
    } finally {
      await close();
    }
  });

  it('refuse the tokens of a session signed out through the other instance within 1 s', async () => {
    const [one, two, close] = await twoInstances();
    try {
      const user = await createUser(two);
      expect((await two.api('GET', '/v1/current-user', { token: user.accessToken })).status).toBe(200);

      const out = await one.api('POST', '/v1/auth/logout', { body: { refreshToken: user.refreshToken } });
      expect(out.status).toBe(204);
      const enforced = await untilStatus(
        401,
        async () => (await two.api('GET', '/v1/current-user', { token: user.accessToken })).status,
      );
      console.info(`sign-out on instance 1 enforced by instance 2 ${enforced.ms} ms later (request ${enforced.polls})`);
      expect(enforced.ms).toBeLessThan(ENFORCEMENT_LIMIT_MS);
      // The refresh token is read from the database on every use: refused at once.
      const refreshed = await two.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: user.refreshToken } });
      expect(refreshed.status).toBe(401);
    } finally {
      await close();
    }
  });

  it('drop a cached session on word from PostgreSQL: held for a minute, a sign-out elsewhere still ends it', async () => {
    // A cache that ignored the notifications would serve this session for the whole minute.
    const [one, two, close] = await twoInstances({}, { authCacheMs: 60_000 });
    try {
      const user = await createUser(two);
      const me = () => two.api('GET', '/v1/current-user', { token: user.accessToken });
      expect((await me()).status).toBe(200);
      expect((await me()).status).toBe(200); // now from the cache
      expect((await one.api('POST', '/v1/auth/logout', { body: { refreshToken: user.refreshToken } })).status).toBe(
        204,
      );
      const enforced = await untilStatus(401, async () => (await me()).status);
      console.info(`cached session dropped by instance 2 ${enforced.ms} ms after the sign-out on instance 1`);
      expect(enforced.ms).toBeLessThan(ENFORCEMENT_LIMIT_MS);
    } finally {
      await close();
    }
  });

  it('drop cached roles on word from PostgreSQL, whoever changed them (here plain SQL, as an operator would)', async () => {
    const [one, two, close] = await twoInstances({}, { authCacheMs: 60_000 });
    try {
      const admin = await createUser(one, { roles: ['Admin'] });
      const users = () => two.api('GET', '/v1/users', { token: admin.accessToken });
      expect((await users()).status).toBe(200);
      const client = new pg.Client({ connectionString: (postgres as SharedPostgres).url });
      await client.connect();
      try {
        await client.query(`update ${one.app.config.databaseSchema}.users set roles = '{}' where id = $1`, [admin.id]);
      } finally {
        await client.end();
      }
      const enforced = await untilStatus(403, async () => (await users()).status);
      expect(enforced.ms).toBeLessThan(ENFORCEMENT_LIMIT_MS);
    } finally {
      await close();
    }
  });

  it('count rate limits across both instances (in the database)', async () => {
    const [one, two, close] = await twoInstances({ RATE_LIMIT_LOGIN: '4' });
    try {
      expect(await loginStatuses([one, two], 6)).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await close();
    }
  });

  it('count rate limits across both instances (in Redis)', async () => {
    if (!redis) return;
    const [one, two, close] = await twoInstances({ RATE_LIMIT_LOGIN: '4', REDIS_URL: redis.url });
    try {
      expect(await loginStatuses([one, two], 6)).toEqual([401, 401, 401, 401, 429, 429]);
      expect(await one.app.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]); // counted in Redis only
    } finally {
      await close();
    }
  });
});

/** Wrong sign-ins from one address, alternating between the instances. */
async function loginStatuses(instances: TestServer[], count: number): Promise<number[]> {
  const body = { email: `limits-${randomBytes(4).toString('hex')}@example.com`, password: 'not the password' };
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push(
      (await (instances[i % instances.length] as TestServer).api('POST', '/v1/auth/login', { body })).status,
    );
  }
  return statuses;
}
