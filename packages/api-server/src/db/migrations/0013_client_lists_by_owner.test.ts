import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { PGliteDialect, PGLITE_EXTENSIONS } from '../pglite-dialect';
import type { Database } from '../schema';
import { migrationProvider } from './index';

/**
 * Migration 0013 copies each workspace's owner onto its projects and links: rows written before
 * it get theirs, rows written after without one get it from the workspace, and the copy cannot
 * disagree with the workspace (PGlite: the same migrations run on PostgreSQL).
 */

let db: Kysely<Database>;
const owner = randomUUID();
const stranger = randomUUID();
const workspace = randomUUID();
const before = { project: randomUUID(), link: randomUUID() };
const at = '2030-01-01T00:00:00Z';

beforeAll(async () => {
  db = new Kysely<Database>({ dialect: new PGliteDialect(await PGlite.create({ extensions: PGLITE_EXTENSIONS })) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const upTo0012 = await migrator.migrateTo('0012_step_up');
  if (upTo0012.error) throw upTo0012.error;
  for (const id of [owner, stranger]) {
    await sql`insert into users (id, email, username, password_hash, created_at, updated_at)
      values (${id}, ${`${id}@example.com`}, 'u', 'x', ${at}, ${at})`.execute(db);
  }
  await sql`insert into workspaces (id, owner_id, name, created_at, updated_at)
    values (${workspace}, ${owner}, 'W', ${at}, ${at})`.execute(db);
  await sql`insert into projects (id, workspace_id, name, created_at, updated_at)
    values (${before.project}, ${workspace}, 'P', ${at}, ${at})`.execute(db);
  await sql`insert into links (id, workspace_id, project_id, title, url, created_at)
    values (${before.link}, ${workspace}, ${before.project}, 'L', 'https://example.com/', ${at})`.execute(db);
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
});
afterAll(async () => {
  await db.destroy();
});

const ownerOf = async (table: 'projects' | 'links', id: string) =>
  (await db.selectFrom(table).select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id;

describe('migration 0013: projects and links carry their workspace’s owner', () => {
  it('backfills the rows written before it', async () => {
    expect([await ownerOf('projects', before.project), await ownerOf('links', before.link)]).toEqual([owner, owner]);
  });

  it('fills it in when an insert leaves it out', async () => {
    const project = randomUUID();
    await db
      .insertInto('projects')
      .values({
        id: project,
        workspace_id: workspace,
        name: 'Q',
        description: '',
        status: 'active',
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(await ownerOf('projects', project)).toBe(owner);
  });

  it('refuses an owner other than the workspace’s', async () => {
    const planted = db
      .insertInto('links')
      .values({
        id: randomUUID(),
        workspace_id: workspace,
        owner_id: stranger,
        project_id: null,
        title: 'x',
        url: 'https://example.com/',
        created_at: at,
      })
      .execute();
    await expect(planted).rejects.toThrow(/links_workspace_owner_fkey/);
  });

  it('follows the workspace to a new owner and goes with it when it is deleted', async () => {
    await db.updateTable('workspaces').set({ owner_id: stranger }).where('id', '=', workspace).execute();
    expect([await ownerOf('projects', before.project), await ownerOf('links', before.link)]).toEqual([
      stranger,
      stranger,
    ]);
    await db.deleteFrom('workspaces').where('id', '=', workspace).execute();
    const left = await db.selectFrom('links').select('id').where('workspace_id', '=', workspace).execute();
    expect(left).toEqual([]);
  });
});
