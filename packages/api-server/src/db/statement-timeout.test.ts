import { sql } from 'kysely';
import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { loadConfig } from '../config';
import { Availability } from '../lib/availability';
import { CHEAP_TEST_ENV, startApiProcess, stopApiProcess, type RunningApi } from '../../testing/api-process';
import { postgresBinaries, startTestCluster, type TestCluster } from '../../testing/postgres-cluster';
import { openDatabase } from './connect';
import { createPostgresPool } from './postgres-pool';

// Locks held by another session need a real PostgreSQL: the file starts its own cluster wherever
// the server programs exist (both runs of the suite), as the outage test does.
const binDir = postgresBinaries();
if (!binDir) {
  console.warn('statement timeout test skipped: no PostgreSQL server programs (set PG_BIN, or install postgresql 15)');
}
const withPostgres = binDir ? describe : describe.skip;

const admin = { email: 'timeout-admin@example.com', password: 'timeout-admin-passphrase' };
/** Short enough to pass many times within a test, long enough for every ordinary statement. */
const LIMIT_MS = scaled(1_000);
/** Kysely's migration lock on PostgreSQL (its PostgresAdapter's advisory lock id). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + scaled(30_000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A session of the test's own, as an operator's psql or another service would hold one. */
async function session(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // PostgreSQL may end it on purpose here
  await client.connect();
  return client;
}

withPostgres('PostgreSQL ends what runs too long, so no request and no instance waits forever', () => {
  let cluster: TestCluster;
  let api: RunningApi;
  let accessToken: string;

  beforeAll(async () => {
    cluster = await startTestCluster(binDir as string);
    api = await startApiProcess(
      {
        DATABASE_URL: cluster.url,
        DATABASE_STATEMENT_TIMEOUT_MS: String(LIMIT_MS),
        ...CHEAP_TEST_ENV,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      scaled(120_000),
    );
    const login = await fetch(`${api.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    ({ accessToken } = (await login.json()) as { accessToken: string });
  }, scaled(180_000));

  afterAll(async () => {
    await stopApiProcess(api);
    await cluster?.destroy();
  }, scaled(60_000));

  const createWorkspace = (name: string) =>
    fetch(`${api.url}/v1/workspaces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ name }),
      // Without the limit the request would wait for the lock as long as it is held: fail instead.
      signal: AbortSignal.timeout(scaled(20_000)),
    });

  it(
    'answers 503 "The database is busy" to a request stuck behind a lock another session holds, stays healthy, and serves it once the lock is gone',
    async () => {
      const locker = await session(cluster.url);
      try {
        await locker.query('begin');
        await locker.query('lock table workspaces in access exclusive mode');

        const stuck = await createWorkspace('behind-a-lock');
        expect(stuck.status).toBe(503);
        expect(stuck.headers.get('retry-after')).toBe('5');
        expect(await stuck.json()).toEqual({
          statusCode: 503,
          code: 'database_busy',
          error: 'Service Unavailable',
          message: 'The database is busy. Please try again in a moment.',
          feedback: { reason: 'database-busy', retryAfterSeconds: 5 },
        });
        // The database is there: health says so, and no connection of the API was lost.
        const health = await fetch(`${api.url}/v1/health`);
        expect(health.status).toBe(200);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      const after = await createWorkspace('after-the-lock');
      expect(after.status).toBe(201);
      expect(await cluster.query(`select name from workspaces where name = 'behind-a-lock'`)).toEqual([]);
      expect(api.child.exitCode).toBeNull();
    },
    scaled(60_000),
  );

  it(
    "ends a session left idle inside a transaction (its process frozen mid-request), which frees that session's locks",
    async () => {
      const availability = new Availability('database', undefined);
      const pool = createPostgresPool(cluster.url, { schema: undefined, statementTimeoutMs: LIMIT_MS }, availability);
      const frozen = await pool.connect();
      const { rows } = await frozen.query<{ pid: number }>('select pg_backend_pid() as pid');
      await frozen.query('begin');
      await frozen.query('lock table workspaces in access exclusive mode');
      // Nothing more is sent on it, as from an API process stopped between two statements.
      await waitUntil(
        'PostgreSQL ended the idle transaction',
        async () => (await cluster.query(`select 1 from pg_stat_activity where pid = ${rows[0]!.pid}`)).length === 0,
      );
      const other = await session(cluster.url);
      try {
        await other.query(`set lock_timeout = ${LIMIT_MS}`);
        await other.query('begin');
        await expect(other.query('lock table workspaces in access exclusive mode')).resolves.toBeDefined();
        await other.query('rollback');
      } finally {
        await other.end();
      }
      frozen.release(true);
      await pool.end();
    },
    scaled(60_000),
  );

  it(
    'migrates without the limit: an instance starting beside one that holds the migration lock waits for it, however long that takes',
    async () => {
      const migrating = await session(cluster.url);
      await migrating.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      const config = loadConfig({
        DATABASE_URL: cluster.url,
        DATABASE_SCHEMA: 'second_instance',
        DATABASE_STATEMENT_TIMEOUT_MS: String(LIMIT_MS),
        NODE_ENV: 'test',
      });
      const opening = openDatabase(config);
      let failed: unknown;
      opening.catch((error: unknown) => (failed = error));
      try {
        // Its wait for the lock outlives twice the limit (it would have been cancelled at the limit).
        await waitUntil('the second instance waits for the migration lock past the limit', async () => {
          if (failed) throw failed;
          const waiting = await cluster.query<{ ms: number }>(
            `select extract(epoch from now() - query_start) * 1000 as ms from pg_stat_activity
             where wait_event_type = 'Lock' and query like '%pg_advisory_lock%'`,
          );
          return waiting.some((row) => Number(row.ms) > 2 * LIMIT_MS);
        });
      } finally {
        await migrating.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
        await migrating.end();
      }
      const handle = await opening;
      try {
        const tables = await cluster.query<{ name: string }>(
          `select table_name as name from information_schema.tables where table_schema = 'second_instance' and table_name = 'workspaces'`,
        );
        expect(tables).toEqual([{ name: 'workspaces' }]);
        // Its pool's sessions carry the limit again.
        const { rows } = await sql<{ setting: string }>`
          select setting from pg_settings where name = 'statement_timeout'`.execute(handle.db);
        expect(rows[0]!.setting).toBe(String(LIMIT_MS));
      } finally {
        await handle.close();
      }
    },
    scaled(90_000),
  );
});
