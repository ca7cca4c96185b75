import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../testing/harness';
import { postgresBinaries, startTestCluster, type TestCluster } from '../testing/postgres-cluster';
import { createUser, type TestUser } from '../testing/users';

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

withPostgres("admins' lists and searches cannot take the site down for the clients", () => {
  let cluster: TestCluster;
  let s: TestServer;
  let admin: TestUser;
  let client: TestUser;
  let operator: pg.Client;

  beforeAll(async () => {
    cluster = await startTestCluster(binDir as string);
    s = await startTestServer({
      // Waits and limits long enough for the lock below: here no admin read should give up.
      env: {
        DATABASE_URL: cluster.url,
        ADMIN_READ_STATEMENT_TIMEOUT_MS: String(scaled(30_000)),
        ADMIN_READ_QUEUE_WAIT_MS: String(Math.min(scaled(30_000), 60_000)),
      },
    });
    admin = await createUser(s, { roles: ['Admin'] });
    client = await createUser(s);
    operator = new pg.Client({ connectionString: cluster.url });
    await operator.connect();
  });
  afterAll(async () => {
    await operator?.end();
    await s?.close();
    await cluster?.destroy();
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
