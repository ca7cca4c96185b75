import { CompiledQuery } from 'kysely';
import type { UserListQuery } from '@kloof/api-contract';
import { encodeCursor } from '../../lib/keyset';
import { pageOf } from '../common/newest-first';
import { sql, startTestServer, type TestServer } from '../../../testing/harness';
import { postgresBinaries, startTestCluster, type TestCluster } from '../../../testing/postgres-cluster';
import { usersPageQuery } from './users.service';

// The planner's choice needs PostgreSQL and enough rows that reading them all would show: the file
// starts a cluster of its own wherever the server programs exist (both runs of the suite).
const binDir = postgresBinaries();
if (!binDir)
  console.warn('users plan test skipped: no PostgreSQL server programs (set PG_BIN, or install postgresql 15)');
const withPostgres = binDir ? describe : describe.skip;

const USERS = 100_000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

/** Each node of a plan as "Node Type" or "Index Scan [Backward] on index", outermost first. */
function nodes(plan: PlanNode): string[] {
  const type = plan['Scan Direction'] === 'Backward' ? `${plan['Node Type']} Backward` : plan['Node Type'];
  const own = plan['Index Name'] ? `${type} on ${plan['Index Name']}` : type;
  return [own, ...(plan.Plans ?? []).flatMap(nodes)];
}

withPostgres('the admin users list on PostgreSQL, at 100,000 users', () => {
  let cluster: TestCluster;
  let s: TestServer;

  beforeAll(async () => {
    cluster = await startTestCluster(binDir as string);
    // No statement limit: on a busy machine the seed below takes longer than the default 10 s.
    s = await startTestServer({ env: { DATABASE_URL: cluster.url, DATABASE_STATEMENT_TIMEOUT_MS: '0' } });
    // In the shape sign-up writes: one a minute, newest last; one in 5,000 an Admin.
    await sql`insert into users (id, email, username, full_name, company, password_hash, verified, roles, created_at, updated_at)
      select gen_random_uuid(), 'member' || n || '@example.com', 'member' || n, 'Member ' || n, 'Company ' || (n % 997),
        'x', true, case when n % 5000 = 0 then array['Admin'] else '{}'::text[] end,
        timestamptz '2030-01-01' + n * interval '1 minute', timestamptz '2030-01-01' + n * interval '1 minute'
      from generate_series(1, ${USERS}) as n`.execute(s.app.db);
    await sql`analyze users`.execute(s.app.db);
  });
  afterAll(async () => {
    await s?.close();
    await cluster?.destroy();
  });

  /** One page's query as the service builds it. */
  const pageQuery = (query: UserListQuery) => {
    const filters = { search: query.search, role: query.role };
    return usersPageQuery(s.app.db, pageOf('users', query, filters), filters);
  };

  /** The plan of one page as the service asks for it (EXPLAIN of its very SQL and parameters). */
  async function planOf(query: UserListQuery): Promise<string[]> {
    const compiled = pageQuery(query).compile();
    const result = await s.app.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    return nodes(result.rows[0]!['QUERY PLAN'][0]!.Plan);
  }

  /** A cursor of the list with these filters, at a row in the middle of the seeded ones. */
  const somewhereInTheMiddle = (filters: Pick<UserListQuery, 'search' | 'role'>) =>
    encodeCursor([
      pageOf('users', {}, filters).tag,
      '2030-02-15T00:00:00.000000Z',
      '00000000-0000-4000-8000-000000000000',
    ]);

  it('reads the first page and any page after a cursor from the index in its order, without a sort', async () => {
    for (const query of [{}, { after: somewhereInTheMiddle({}) }]) {
      const plan = await planOf(query);
      expect(plan).toContain('Index Scan Backward on users_created_idx');
      expect(plan.filter((node) => node === 'Sort' || node.startsWith('Seq Scan'))).toEqual([]);
    }
  });

  it('finds a search term through the trigram index, on the first page and after a cursor', async () => {
    const search = 'member4242@';
    for (const query of [{ search }, { search, after: somewhereInTheMiddle({ search }) }]) {
      const plan = await planOf(query);
      expect(plan).toContain('Bitmap Index Scan on users_search_trgm_idx');
      expect(plan.filter((node) => node.startsWith('Seq Scan'))).toEqual([]);
    }
  });

  it('answers the search the plan serves', async () => {
    const page = await pageQuery({ search: 'MEMBER4242@' }).execute();
    expect(page.map((row) => row.email)).toEqual(['member4242@example.com']);
  });

  it('reads the holders of a role from their own index, not every user', async () => {
    for (const role of ['Admin', 'any'] as const) {
      for (const query of [{ role }, { role, after: somewhereInTheMiddle({ role }) }]) {
        const plan = await planOf(query);
        // In order (Index Scan Backward) or, as few as they are, gathered and sorted (Bitmap).
        expect(plan.filter((node) => node.endsWith(' on users_role_holders_idx'))).toHaveLength(1);
        expect(plan.filter((node) => node.startsWith('Seq Scan') || node.includes('users_created_idx'))).toEqual([]);
      }
    }
    const holders = await pageQuery({ role: 'any', limit: 100 }).execute();
    expect(holders.map((row) => row.email)).toEqual(
      Array.from({ length: USERS / 5000 }, (_, i) => `member${USERS - i * 5000}@example.com`),
    );
  });
});
