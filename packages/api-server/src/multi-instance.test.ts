import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, TestClock, testConfig, type TestServer } from './testing/harness';
import { anyPostgres, postgresBinaries, type SharedPostgres } from './testing/postgres-cluster';
import { startRedis, type TestRedis } from './testing/redis';
import { createUser } from './testing/users';

// Several API instances on one PostgreSQL (and one Redis for the limits) behave as one: every
// request reads the session and the user's roles from the database (plugins/auth.ts), and rate
// limits count in the database or in Redis (plugins/rate-limit.ts), never in an instance's memory.

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
async function twoInstances(env: Record<string, string> = {}): Promise<[TestServer, TestServer, () => Promise<void>]> {
  const url = (postgres as SharedPostgres).url;
  const schema = `t_multi_${randomBytes(5).toString('hex')}`;
  const config = { ...testConfig({ DATABASE_URL: url, ...env }), databaseSchema: schema };
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
  it('enforce a role change made through the other instance on the very next request', async () => {
    const [one, two, close] = await twoInstances();
    try {
      const boss = await createUser(one, { roles: ['SuperAdmin'] });
      const admin = await createUser(one, { roles: ['Admin'] });
      expect((await two.api('GET', '/v1/users', { token: admin.accessToken })).status).toBe(200);

      const demoted = await one.api('PATCH', `/v1/users/${admin.id}`, { token: boss.accessToken, body: { roles: [] } });
      expect(demoted.status).toBe(200);
      const changedAt = Date.now();
      const next = await two.api('GET', '/v1/users', { token: admin.accessToken });
      console.info(
        `role change on instance 1 enforced by instance 2 ${Date.now() - changedAt} ms later (first request)`,
      );
      expect(next.status).toBe(401); // a role change revokes the user's sessions, on every instance
      // Signed in again (through instance 2): the roles are read from the database, not the token.
      const again = await two.api('POST', '/v1/auth/login', { body: { email: admin.email, password: admin.password } });
      expect(again.status).toBe(200);
      expect((await two.api('GET', '/v1/users', { token: again.body.accessToken })).status).toBe(403);
    } finally {
      await close();
    }
  });

  it('refuse the tokens of a session signed out through the other instance on the very next request', async () => {
    const [one, two, close] = await twoInstances();
    try {
      const user = await createUser(two);
      expect((await two.api('GET', '/v1/current-user', { token: user.accessToken })).status).toBe(200);

      const out = await one.api('POST', '/v1/auth/logout', { body: { refreshToken: user.refreshToken } });
      expect(out.status).toBe(204);
      const signedOutAt = Date.now();
      expect((await two.api('GET', '/v1/current-user', { token: user.accessToken })).status).toBe(401);
      const refreshed = await two.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: user.refreshToken } });
      console.info(
        `sign-out on instance 1 enforced by instance 2 ${Date.now() - signedOutAt} ms later (first request)`,
      );
      expect(refreshed.status).toBe(401);
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
