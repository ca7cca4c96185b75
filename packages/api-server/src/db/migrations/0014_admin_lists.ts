import { sql, type Kysely, type Migration } from 'kysely';

/** Two migrations creating the extension at once race on its catalog row; they take turns. */
const EXTENSION_LOCK = 0x6b6c6f6f66; // "kloof"

/**
 * Where pg_trgm lives: where it already is (an operator may have installed it), else in a schema
 * of its own, `extensions`, so dropping the API's schema never drops it (and the indexes of every
 * other schema with it). pg_trgm is a trusted extension: CREATE on the database is enough.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  await sql`select pg_advisory_xact_lock(${EXTENSION_LOCK})`.execute(db);
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  if (found.rows[0]) return found.rows[0].schema;
  await sql`create schema if not exists extensions`.execute(db);
  await sql`create extension if not exists pg_trgm with schema extensions`.execute(db);
  return 'extensions';
}

/**
 * The admin lists at any size: users and contact messages newest first, a user's sessions last
 * used first, each served by an index in its order (keyset pages), and the users' search by a
 * trigram index over the four searched fields (ILIKE '%term%' without reading every row).
 * users.service.ts writes the same search expression: the planner uses the index only for it.
 */
export const m0014_admin_lists: Migration = {
  async up(db: Kysely<unknown>) {
    const schema = await trigramSchema(db);
    await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
    await sql`create index users_search_trgm_idx on users using gin (
      (email || E'\\n' || username || E'\\n' || full_name || E'\\n' || company) ${sql.id(schema, 'gin_trgm_ops')}
    )`.execute(db);
    await db.schema
      .createIndex('contact_messages_created_idx')
      .on('contact_messages')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('session_families_user_used_idx')
      .on('session_families')
      .columns(['user_id', 'last_used_at', 'family_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      'session_families_user_used_idx',
      'contact_messages_created_idx',
      'users_search_trgm_idx',
      'users_created_idx',
    ]) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
  },
};
