import { randomUUID } from 'node:crypto';
import { INVALID_CURSOR_MESSAGE } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';

/**
 * The client lists (workspaces, projects, links) as keyset pages, newest first, on PGlite and on
 * PostgreSQL (scripts/with-postgres.sh). Rows are written straight into the tables with creation
 * times a microsecond apart, some equal (the id decides), interleaved with another client's rows.
 */

type List = 'workspaces' | 'projects' | 'links';
const LISTS: List[] = ['workspaces', 'projects', 'links'];
const ROWS = 250;
const STATUSES = ['planning', 'active', 'on_hold', 'completed'] as const;

interface Item {
  id: string;
  name?: string;
  title?: string;
  url?: string;
  status?: string;
  workspaceId?: string;
  workspaceName?: string;
  projectId?: string | null;
  projectName?: string | null;
}

/** A seeded row as the list should show it, with the exact creation time it was given. */
interface Seeded {
  createdAt: string;
  item: Item;
}

let s: TestServer;
let other: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  other = await createUser(s);
});
afterAll(async () => {
  await s.close();
});

/**
 * The n-th creation time: seven rows per millisecond (so pages of 100 end inside one), the first
 * two of each at the same instant (their ids order them), the others microseconds apart.
 */
function timeOf(n: number): string {
  const ms = new Date(Date.parse('2029-12-31T00:00:00.000Z') + Math.floor(n / 7)).toISOString().slice(0, -1);
  const micro = n % 7 < 2 ? 0 : n % 7;
  return `${ms}${String(micro).padStart(3, '0')}Z`;
}

/** Newest first, the id deciding between equal times: the order every list promises. */
const newestFirst = (rows: Seeded[]) =>
  [...rows]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.item.id.localeCompare(a.item.id))
    .map((row) => row.item);

/** Every fifty-th workspace name holds the characters LIKE would otherwise read as wildcards. */
const workspaceName = (n: number) => (n % 50 === 0 ? `Budget 50%_\\ ${n}` : `Workspace ${n}`);

async function insertWorkspaces(ownerId: string, count: number, from = 0): Promise<Seeded[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    owner_id: ownerId,
    name: workspaceName(from + i),
    description: '',
    created_at: timeOf(from + i),
    updated_at: timeOf(from + i),
  }));
  await s.app.db.insertInto('workspaces').values(rows).execute();
  return rows.map((r) => ({ createdAt: r.created_at, item: { id: r.id, name: r.name } }));
}

/** Projects alternate between two workspaces and cycle through the statuses; owner_id is left to the database. */
async function insertProjects(workspaces: Item[], count: number): Promise<Seeded[]> {
  const rows = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    workspace_id: workspaces[n % 2]!.id,
    name: n % 25 === 0 ? `Launch ${n}` : `Project ${n}`,
    description: '',
    status: STATUSES[n % 4]!,
    created_at: timeOf(n),
    updated_at: timeOf(n),
  }));
  await s.app.db.insertInto('projects').values(rows).execute();
  return rows.map((r) => ({
    createdAt: r.created_at,
    item: { id: r.id, name: r.name, status: r.status, workspaceId: r.workspace_id },
  }));
}

/** Links in two workspaces, every other one in a project of its workspace. */
async function insertLinks(workspaces: Item[], projects: Item[], count: number): Promise<Seeded[]> {
  const rows = Array.from({ length: count }, (_, n) => {
    const project = n % 2 === 0 ? projects.find((p) => p.workspaceId === workspaces[n % 3 === 0 ? 0 : 1]!.id) : null;
    return {
      id: randomUUID(),
      workspace_id: project?.workspaceId ?? workspaces[n % 3 === 0 ? 0 : 1]!.id,
      project_id: project?.id ?? null,
      title: n % 40 === 0 ? `Release notes ${n}` : `Link ${n}`,
      url: n % 30 === 0 ? `https://docs.example.com/guide/${n}` : `https://example.com/${n}`,
      created_at: timeOf(n),
    };
  });
  await s.app.db.insertInto('links').values(rows).execute();
  return rows.map((r) => ({
    createdAt: r.created_at,
    item: { id: r.id, title: r.title, url: r.url, workspaceId: r.workspace_id, projectId: r.project_id },
  }));
}

/** An owner with ROWS rows in the list (and the workspaces and projects those hang on). */
async function seededOwner(list: List): Promise<{ owner: TestUser; rows: Item[]; parents: Item[][] }> {
  const owner = await createUser(s);
  if (list === 'workspaces') return { owner, rows: newestFirst(await insertWorkspaces(owner.id, ROWS)), parents: [] };
  const workspaces = (await insertWorkspaces(owner.id, 2, 10_000)).map((w) => w.item);
  const named = (item: Item) => ({ ...item, workspaceName: workspaces.find((w) => w.id === item.workspaceId)!.name });
  if (list === 'projects') {
    return { owner, rows: newestFirst(await insertProjects(workspaces, ROWS)).map(named), parents: [workspaces] };
  }
  const projects = (await insertProjects(workspaces, 2)).map((p) => p.item);
  const links = newestFirst(await insertLinks(workspaces, projects, ROWS)).map((link) => ({
    ...named(link),
    projectName: projects.find((p) => p.id === link.projectId)?.name ?? null,
  }));
  return { owner, rows: links, parents: [workspaces, projects] };
}

/** Another client's rows at the same times, so a leak or a scope mistake would show in any page. */
async function othersRows(): Promise<void> {
  const workspaces = (await insertWorkspaces(other.id, 40)).map((w) => w.item);
  const projects = (await insertProjects(workspaces, 40)).map((p) => p.item);
  await insertLinks(workspaces, projects, 40);
}

/** Every page of a list (from the one after `start`, if given), following `next` until it is null. */
async function everyPage(owner: TestUser, path: string, start?: string): Promise<{ pages: Item[][]; items: Item[] }> {
  const pages: Item[][] = [];
  let next: string | null = start ?? null;
  do {
    const url: string = next ? `${path}${path.includes('?') ? '&' : '?'}after=${next}` : path;
    const res = await s.api<{ items: Item[]; next: string | null }>('GET', url, { token: owner.accessToken });
    expect([path, res.status]).toEqual([path, 200]);
    pages.push(res.body.items);
    next = res.body.next;
  } while (next !== null && pages.length <= ROWS);
  return { pages, items: pages.flat() };
}

/** The fields a test compares: what it seeded, as the list answers it. */
const shown = (items: Item[], like: Item[]) =>
  items.map((item, i) => Object.fromEntries(Object.keys(like[i] ?? item).map((k) => [k, item[k as keyof Item]])));

const owners = new Map<List, { owner: TestUser; rows: Item[]; parents: Item[][] }>();
beforeAll(async () => {
  await othersRows();
  for (const list of LISTS) owners.set(list, await seededOwner(list));
});
const seeded = (list: List) => owners.get(list)!;

describe.each(LISTS)('GET /v1/%s', (list) => {
  it(`pages through ${ROWS} rows 100 at a time: every row once, newest first, no other client's`, async () => {
    const { owner, rows } = seeded(list);
    const { pages, items } = await everyPage(owner, `/v1/${list}?limit=100`);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(shown(items, rows)).toEqual(rows);
  });

  it('answers 50 rows when the call names no limit', async () => {
    const { owner, rows } = seeded(list);
    const res = await s.api('GET', `/v1/${list}`, { token: owner.accessToken });
    expect(res.body.items.map((item: Item) => item.id)).toEqual(rows.slice(0, 50).map((row) => row.id));
    expect(res.body.next).toEqual(expect.any(String));
  });

  it('neither repeats nor loses a row when rows are added between pages', async () => {
    const { owner, rows, parents } = await seededOwner(list);
    const first = await s.api('GET', `/v1/${list}?limit=100`, { token: owner.accessToken });
    // One newer than every row (it belongs before the first page) and one older than every row.
    const newest = await addRow(list, owner, parents, '2030-06-01T00:00:00.000000Z');
    const oldest = await addRow(list, owner, parents, '2020-01-01T00:00:00.000000Z');
    const rest = await everyPage(owner, `/v1/${list}?limit=100`, first.body.next);
    const ids = [...first.body.items, ...rest.items].map((item: Item) => item.id);
    expect(ids).toEqual([...rows.map((row) => row.id), oldest]);
    expect(ids).not.toContain(newest);
  });

  it.each([
    ['0', 'limit must be >= 1'],
    ['101', 'limit must be <= 100'],
  ])('refuses limit=%s with a 400', async (limit, message) => {
    const res = await s.api('GET', `/v1/${list}?limit=${limit}`, { token: seeded(list).owner.accessToken });
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('refuses a cursor of another list, of other filters, or edited, with a 400 that says to start again', async () => {
    const { owner } = seeded(list);
    const nextOf = async (path: string) => (await s.api('GET', path, { token: owner.accessToken })).body.next as string;
    const own = await nextOf(`/v1/${list}?limit=1`);
    const another = await nextOf(`/v1/${list === 'links' ? 'projects' : 'links'}?limit=1`);
    const otherFilter = await nextOf(`/v1/${list}?limit=1&search=a`);
    const key = JSON.parse(Buffer.from(own, 'base64url').toString('utf8')) as [string, string, string];
    const edited = [
      Buffer.from(JSON.stringify([key[0], key[1], randomUUID().slice(0, 30)])).toString('base64url'),
      Buffer.from(JSON.stringify([`${key[0]}x`, key[1], key[2]])).toString('base64url'),
      Buffer.from(JSON.stringify([key[1], key[2]])).toString('base64url'),
      own.slice(0, -4),
    ];
    for (const cursor of [another, otherFilter, ...edited]) {
      const res = await s.api('GET', `/v1/${list}?after=${cursor}`, { token: owner.accessToken });
      expect([cursor, res.status, res.body.message]).toEqual([cursor, 400, INVALID_CURSOR_MESSAGE]);
    }
  });
});

/** Adds one row to the list at a given creation time; answers its id. */
async function addRow(list: List, owner: TestUser, parents: Item[][], createdAt: string): Promise<string> {
  const id = randomUUID();
  const workspaceId = parents[0]?.[0]?.id ?? '';
  if (list === 'workspaces') {
    await s.app.db
      .insertInto('workspaces')
      .values({
        id,
        owner_id: owner.id,
        name: `Added ${id}`,
        description: '',
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  } else if (list === 'projects') {
    await s.app.db
      .insertInto('projects')
      .values({
        id,
        workspace_id: workspaceId,
        name: 'Added',
        description: '',
        status: 'active',
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
  } else {
    await s.app.db
      .insertInto('links')
      .values({
        id,
        workspace_id: workspaceId,
        project_id: null,
        title: 'Added',
        url: 'https://example.com/',
        created_at: createdAt,
      })
      .execute();
  }
  return id;
}

describe('filters and search', () => {
  const pathsOf = (list: List) => {
    const { rows, parents } = seeded(list);
    const [workspaces = [], projects = []] = parents;
    const [w0, w1] = workspaces;
    const [p0] = projects;
    const cases: [string, (item: Item) => boolean][] =
      list === 'workspaces'
        ? [
            ['search=budget', (w) => w.name!.startsWith('Budget')],
            ['search=%25', (w) => w.name!.includes('%')],
            ['search=_', (w) => w.name!.includes('_')],
            ['search=50%25_%5C', (w) => w.name!.includes('50%_\\')],
            ['search=%20WORKSPACE%2012%20', (w) => w.name!.toLowerCase().includes('workspace 12')],
          ]
        : list === 'projects'
          ? [
              [`workspaceId=${w0!.id}`, (p) => p.workspaceId === w0!.id],
              ['status=on_hold', (p) => p.status === 'on_hold'],
              [`workspaceId=${w1!.id}&status=active`, (p) => p.workspaceId === w1!.id && p.status === 'active'],
              ['search=launch', (p) => p.name!.startsWith('Launch')],
              ['search=%20&status=completed', (p) => p.status === 'completed'],
            ]
          : [
              [`workspaceId=${w1!.id}`, (l) => l.workspaceId === w1!.id],
              [`projectId=${p0!.id}`, (l) => l.projectId === p0!.id],
              ['search=RELEASE', (l) => l.title!.startsWith('Release')],
              ['search=docs.example', (l) => l.url!.includes('docs.example')],
              [`search=notes&workspaceId=${w0!.id}`, (l) => l.title!.includes('notes') && l.workspaceId === w0!.id],
            ];
    return cases.map(([query, keep]) => ({ query, expected: rows.filter(keep) }));
  };

  it.each(LISTS)('keep exactly the matching rows of %s, newest first, page after page', async (list) => {
    const { owner } = seeded(list);
    for (const { query, expected } of pathsOf(list)) {
      const { items } = await everyPage(owner, `/v1/${list}?limit=7&${query}`);
      expect([query, items.map((item) => item.id)]).toEqual([query, expected.map((row) => row.id)]);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it.each(['projects', 'links'] as const)(
    'give %s nothing of another client when filtered by their ids',
    async (list) => {
      const theirs = await s.app.db
        .selectFrom('workspaces')
        .select('id')
        .where('owner_id', '=', other.id)
        .executeTakeFirstOrThrow();
      const res = await s.api('GET', `/v1/${list}?workspaceId=${theirs.id}`, { token: seeded(list).owner.accessToken });
      expect(res.body).toEqual({ items: [], next: null });
    },
  );
});
