import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { PGliteDialect, PGLITE_EXTENSIONS } from '../pglite-dialect';
import type { Database } from '../schema';
import { migrationProvider } from './index';

/**
 * Migration 0018 makes every workspace's owner its first member: the workspaces before it are
 * backfilled, and a workspace inserted after it (by any writer) gets its owner as a member too.
 */

let db: Kysely<Database>;
const owner = randomUUID();
const before = randomUUID();
const at = '2030-01-01T00:00:00Z';

beforeAll(async () => {
  db = new Kysely<Database>({ dialect: new PGliteDialect(await PGlite.create({ extensions: PGLITE_EXTENSIONS })) });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const upTo0017 = await migrator.migrateTo('0017_session_device_hash');
  if (upTo0017.error) throw upTo0017.error;
  await sql`insert into users (id, email, username, password_hash, created_at, updated_at)
    values (${owner}, ${`${owner}@example.com`}, 'u', 'x', ${at}, ${at})`.execute(db);
  await sql`insert into workspaces (id, owner_id, name, created_at, updated_at)
    values (${before}, ${owner}, 'W', ${at}, ${at})`.execute(db);
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
});
afterAll(async () => {
  await db.destroy();
});

const membersOf = (workspaceId: string) =>
  db
    .selectFrom('workspace_members')
    .select(['user_id', 'role', 'added_by'])
    .where('workspace_id', '=', workspaceId)
    .execute();

describe('migration 0018: workspaces have members', () => {
  it('makes the owner of each workspace before it its owner member', async () => {
    expect(await membersOf(before)).toEqual([{ user_id: owner, role: 'owner', added_by: owner }]);
  });

  it('adds the owner of a workspace inserted after it', async () => {
    const after = randomUUID();
    await sql`insert into workspaces (id, owner_id, name, created_at, updated_at)
      values (${after}, ${owner}, 'X', ${at}, ${at})`.execute(db);
    expect(await membersOf(after)).toEqual([{ user_id: owner, role: 'owner', added_by: owner }]);
  });

  it('keeps invitation addresses normalised and one pending invitation per workspace and address', async () => {
    const invitation = (email: string) =>
      sql`insert into workspace_invitations (id, workspace_id, email, role, expires_at, created_at)
        values (${randomUUID()}, ${before}, ${email}, 'viewer', ${at}, ${at})`.execute(db);
    await expect(invitation(' Someone@Example.com')).rejects.toThrow(/check constraint/);
    await invitation('someone@example.com');
    await expect(invitation('someone@example.com')).rejects.toThrow(/workspace_invitations_pending_key/);
  });
});
