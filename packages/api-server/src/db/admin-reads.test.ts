import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../../testing/harness';
import { postgresBinaries, startTestCluster, type TestCluster } from '../../testing/postgres-cluster';
import { createUser, type TestUser } from '../../testing/users';

// Admin reads held up inside PostgreSQL need a real one: the file starts a cluster of its own
// wherever the server programs exist (both runs of the suite).
const binDir = postgresBinaries();
if (!binDir)
  console.warn('admin reads test skipped: no PostgreSQL server programs (set PG_BIN, or install postgresql 15)');
const withPostgres = binDir ? describe : describe.skip;

const ADMIN_READS = 50;

async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + scaled(30_000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A cluster of its own, an API on it with these settings, an Admin, and an operator's session on the cluster. */
async function startLane(env: Record<string, string>) {
  const cluster = await startTestCluster(binDir as string);
  const s = await startTestServer({ env: { DATABASE_URL: cluster.url, ...env } });
  const admin = await createUser(s, { roles: ['Admin'] });
  const operator = new pg.Client({ connectionString: cluster.url });
  await operator.connect();
  const close = async () => {
    await operator.end();
    await s.close();
    await cluster.destroy();
  };
  return { cluster, s, admin, operator, close };
}

withPostgres("admins' lists and searches cannot take the site down for the clients", () => {
  let cluster: TestCluster;
  let s: TestServer;
  let admin: TestUser;
  let client: TestUser;
  let operator: pg.Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    // Waits and limits long enough for the lock below: here no admin read should give up.
    ({ cluster, s, admin, operator, close } = await startLane({
      ADMIN_READ_STATEMENT_TIMEOUT_MS: String(scaled(30_000)),
      ADMIN_READ_QUEUE_WAIT_MS: String(Math.min(scaled(30_000), 60_000)),
    }));
    client = await createUser(s);
  });
  afterAll(async () => {
    await close?.();
  });

  /** Sessions of the API stuck behind the operator's lock on contact_messages. */
  const waitingOnTheLock = async () =>
    (
      await cluster.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%contact_messages%'",
      )
    )[0]!.n;

  it('50 admin reads held up in the database leave a client its dashboard and /health (200)', async () => {
    // A lock stands for reads that take long (a search over a million rows): the admins' inbox
    // reads wait behind it inside PostgreSQL, each on a connection, for as long as it is held.
    await operator.query('begin');
    await operator.query(`set search_path = ${s.config.databaseSchema}`);
    await operator.query('lock table contact_messages in access exclusive mode');
    const adminReads = Array.from({ length: ADMIN_READS }, (_, i) =>
      s.api('GET', i % 2 ? '/v1/contact?limit=5' : `/v1/users?search=member${i}`, { token: admin.accessToken }),
    );
    await waitUntil('the admin lane is busy behind the lock', async () => (await waitingOnTheLock()) >= 2);

    for (let i = 0; i < 5; i += 1) {
      const dashboard = await s.api('GET', '/v1/dashboard', { token: client.accessToken });
      const health = await s.api('GET', '/v1/health');
      expect([dashboard.status, health.status, health.body.status]).toEqual([200, 200, 'ok']);
    }
    // Only the lane's own connections wait: the clients' pool kept the rest.
    expect(await waitingOnTheLock()).toBe(s.config.adminReads.connections);

    await operator.query('commit');
    const answers = await Promise.all(adminReads);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  });
});

withPostgres('the telemetry summary reads on the admin lane, under its statement timeout', () => {
  /** The lane's limit; everyone else's statements have none here, so only the lane's can end the wait. */
  const LANE_LIMIT_MS = scaled(1_000);
  let s: TestServer;
  let admin: TestUser;
  let operator: pg.Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ s, admin, operator, close } = await startLane({
      ADMIN_READ_STATEMENT_TIMEOUT_MS: String(LANE_LIMIT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('answers 503 "database busy" at the lane\'s limit while a lock holds the counters, then 200 once it is gone', async () => {
    await operator.query('begin');
    await operator.query(`set search_path = ${s.config.databaseSchema}`);
    await operator.query('lock table telemetry_counters in access exclusive mode');
    try {
      // Off the lane it would wait as long as the lock is held (the test would time out).
      const held = await s.api('GET', '/v1/telemetry/summary', { token: admin.accessToken });
      expect([held.status, held.body.message]).toEqual([503, 'The database is busy. Please try again in a moment.']);
    } finally {
      await operator.query('rollback');
    }
    const free = await s.api('GET', '/v1/telemetry/summary', { token: admin.accessToken });
    expect(free.status).toBe(200);
  });
});
