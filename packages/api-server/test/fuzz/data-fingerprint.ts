import { sql } from 'kysely';
import type { Db } from '../../src/db/connect';

/**
 * Tables left out of "nothing was written": counters and bookkeeping that a refused request may
 * legitimately touch (rate-limit windows; the migrator's own tables). Everything else, including
 * tables added later, is compared row by row.
 */
export const BOOKKEEPING_TABLES = new Set(['rate_limits', 'kysely_migration', 'kysely_migration_lock']);

/** Row count and a digest of every row, per data table of the current schema. */
export async function dataFingerprint(db: Db): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const { rows } = await sql<{ rows: number; digest: string | null }>`
      select count(*)::int as rows, md5(string_agg(t::text, E'\n' order by t::text)) as digest
      from ${sql.table(name)} as t`.execute(db);
    out[name] = { rows: Number(rows[0]?.rows ?? 0), digest: rows[0]?.digest ?? '' };
  }
  return out;
}
