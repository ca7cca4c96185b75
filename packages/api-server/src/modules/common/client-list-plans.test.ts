import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { scaled } from '@kloof/test-kit/slowdown';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { dashboardQueries } from '../dashboard/dashboard.service';
import * as links from '../links/links.service';
import * as projects from '../projects/projects.service';
import * as workspaces from '../workspaces/workspaces.service';
import type { Page } from './newest-first';

/**
 * Cost follows the client's own data: with 50,000 rows of other clients in each table (enough
 * that PostgreSQL would rather scan than guess), every query a client list or the dashboard runs,
 * compiled as its service builds it, is planned on one of the owner's index ranges and scans no
 * table whole. PostgreSQL only: PGlite plans alike but is one client's database.
 */

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const OTHERS = 50_000;

jest.setTimeout(scaled(240_000));

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

let s: TestServer;
const ownerId = randomUUID();
const page = (after?: [string, string]): Page => ({ tag: 'plan', limit: 50, after });
let someWorkspace: string;
let someProject: string;
let cursor: [string, string];

/** The plan PostgreSQL makes for a query as it is sent (same SQL, same parameters). */
async function planOf(query: Compilable): Promise<PlanNode[]> {
  const compiled = query.compile();
  const result = await s.app.db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan);
}

onPostgres('client list plans among 50,000 rows of others per table', () => {
  beforeAll(async () => {
    s = await startTestServer();
    const db = s.app.db;
    // Other clients: 5,000 accounts of 10 workspaces, a project and a link in each workspace.
    await sql`insert into users (id, email, username, password_hash, created_at, updated_at)
      select gen_random_uuid(), 'other-' || n || '@example.com', 'other' || n, 'x', now(), now()
      from generate_series(1, ${OTHERS / 10}) n`.execute(db);
    await sql`insert into users (id, email, username, password_hash, created_at, updated_at)
      values (${ownerId}, 'owner@example.com', 'owner', 'x', now(), now())`.execute(db);
    await sql`insert into workspaces (id, owner_id, name, description, created_at, updated_at)
      select gen_random_uuid(), u.id, 'Workspace ' || n, '', now() - n * interval '1 minute', now()
      from users u, generate_series(1, 10) n where u.id <> ${ownerId}`.execute(db);
    // The owner: 200 workspaces, 1,000 projects and links in the first ten.
    await sql`insert into workspaces (id, owner_id, name, description, created_at, updated_at)
      select gen_random_uuid(), ${ownerId}, 'Mine ' || n, '', now() - n * interval '1 second', now()
      from generate_series(1, 200) n`.execute(db);
    await sql`insert into projects (id, workspace_id, owner_id, name, description, status, created_at, updated_at)
      select gen_random_uuid(), w.id, w.owner_id, 'Project', '',
        (array['planning', 'active', 'on_hold', 'completed'])[1 + n % 4], w.created_at, w.created_at
      from workspaces w, generate_series(1, 1) n where w.owner_id <> ${ownerId}
      union all
      select gen_random_uuid(), w.id, w.owner_id, 'Mine ' || n, '',
        (array['planning', 'active', 'on_hold', 'completed'])[1 + n % 4], w.created_at - n * interval '1 ms', w.created_at
      from (select * from workspaces where owner_id = ${ownerId} order by created_at desc limit 10) w,
        generate_series(1, 100) n`.execute(db);
    await sql`insert into links (id, workspace_id, owner_id, project_id, title, url, created_at)
      select gen_random_uuid(), p.workspace_id, p.owner_id, p.id, 'Link', 'https://example.com/', p.created_at
      from projects p`.execute(db);
    await sql`vacuum analyze workspaces`.execute(db);
    await sql`vacuum analyze workspace_members`.execute(db);
    await sql`vacuum analyze projects`.execute(db);
    await sql`vacuum analyze links`.execute(db);
    const mine = await db
      .selectFrom('links')
      .select(['workspace_id', 'project_id', 'id', sql<string>`created_at::text`.as('at')])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .offset(500)
      .executeTakeFirstOrThrow();
    someWorkspace = mine.workspace_id;
    someProject = mine.project_id!;
    cursor = [mine.at, mine.id];
  });
  afterAll(async () => {
    await s?.close();
  });

  it('has the other clients’ rows it claims', async () => {
    const counts = await sql<{ n: number }>`
      select (select count(*) from workspaces)::int + (select count(*) from projects)::int
        + (select count(*) from links)::int as n`.execute(s.app.db);
    expect(counts.rows[0]!.n).toBeGreaterThan(3 * OTHERS);
  });

  const cases: [string, string, () => Compilable][] = [
    [
      'workspaces, first page',
      'workspace_members_user_idx',
      () => workspaces.listQuery(s.app.db, ownerId, page(), undefined),
    ],
    [
      'workspaces, a later page',
      'workspace_members_user_idx',
      () => workspaces.listQuery(s.app.db, ownerId, page(cursor), undefined),
    ],
    [
      'workspaces, searched',
      'workspace_members_user_idx',
      () => workspaces.listQuery(s.app.db, ownerId, page(), 'mine 1'),
    ],
    [
      'workspaces, their project counts',
      'projects_workspace_newest_idx',
      () => workspaces.projectCountQuery(s.app.db, [someWorkspace, randomUUID()]),
    ],
    ['projects, first page', 'projects_workspace_newest_idx', () => projects.listQuery(s.app.db, ownerId, page(), {})],
    [
      'projects, a later page',
      'projects_workspace_newest_idx',
      () => projects.listQuery(s.app.db, ownerId, page(cursor), {}),
    ],
    [
      'projects, by status',
      'projects_workspace_newest_idx',
      () => projects.listQuery(s.app.db, ownerId, page(), { status: 'active' }),
    ],
    [
      'projects, of a workspace',
      'projects_workspace_newest_idx',
      () => projects.listQuery(s.app.db, ownerId, page(), { workspaceId: someWorkspace }),
    ],
    [
      'projects, searched',
      'projects_workspace_newest_idx',
      () => projects.listQuery(s.app.db, ownerId, page(), { search: 'mine 7' }),
    ],
    ['links, first page', 'links_workspace_newest_idx', () => links.listQuery(s.app.db, ownerId, page(), {})],
    ['links, a later page', 'links_workspace_newest_idx', () => links.listQuery(s.app.db, ownerId, page(cursor), {})],
    [
      'links, of a workspace',
      'links_workspace_newest_idx',
      () => links.listQuery(s.app.db, ownerId, page(), { workspaceId: someWorkspace }),
    ],
    [
      'links, of a project',
      'links_project_newest_idx',
      () => links.listQuery(s.app.db, ownerId, page(), { projectId: someProject }),
    ],
    [
      'links, searched',
      'links_workspace_newest_idx',
      () => links.listQuery(s.app.db, ownerId, page(), { search: 'example' }),
    ],
    [
      'dashboard, workspaces counted',
      'workspace_members_user_idx',
      () => dashboardQueries(s.app.db, ownerId).workspaces,
    ],
    [
      'dashboard, projects counted by status',
      'projects_workspace_newest_idx',
      () => dashboardQueries(s.app.db, ownerId).projectsByStatus,
    ],
    [
      'dashboard, five newest links',
      'links_workspace_newest_idx',
      () => dashboardQueries(s.app.db, ownerId).recentLinks,
    ],
    // A client in no one else's workspace: one owner_id range in order, however many workspaces.
    [
      'projects, first page, own workspaces only',
      'projects_owner_newest_idx',
      () => projects.listQuery(s.app.db, ownerId, page(), {}, 'own'),
    ],
    [
      'projects, by status, own workspaces only',
      'projects_owner_status_newest_idx or projects_owner_newest_idx',
      () => projects.listQuery(s.app.db, ownerId, page(), { status: 'active' }, 'own'),
    ],
    [
      'links, first page, own workspaces only',
      'links_owner_newest_idx',
      () => links.listQuery(s.app.db, ownerId, page(), {}, 'own'),
    ],
    [
      'dashboard, projects counted by status, own workspaces only',
      'projects_owner_status_newest_idx or projects_owner_newest_idx',
      () => dashboardQueries(s.app.db, ownerId, 'own').projectsByStatus,
    ],
    [
      'dashboard, five newest links, own workspaces only',
      'links_owner_newest_idx',
      () => dashboardQueries(s.app.db, ownerId, 'own').recentLinks,
    ],
  ];

  it.each(cases)('%s: read through %s, no table scanned whole', async (_, index, query) => {
    const nodes = await planOf(query());
    const scans = nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
    const indexes = nodes.map((n) => n['Index Name']).filter(Boolean);
    const named = index.split(' or ').filter((name) => indexes.includes(name));
    expect({ indexes, scans, named: named.length > 0 }).toEqual({ indexes, scans: [], named: true });
  });
});
