import { sql, type Kysely, type Migration } from 'kysely';

/** One index per prune condition (maintenance/prune-rules.ts): each batch's subselect is a range scan. */
const INDEXES: { name: string; table: string; column: string; where?: string }[] = [
  { name: 'sessions_expires_idx', table: 'sessions', column: 'expires_at' },
  { name: 'sessions_revoked_idx', table: 'sessions', column: 'revoked_at', where: 'revoked_at is not null' },
  // Rotated-out refresh tokens: used, not revoked.
  {
    name: 'sessions_rotated_idx',
    table: 'sessions',
    column: 'used_at',
    where: 'used_at is not null and revoked_at is null',
  },
  { name: 'otps_expires_idx', table: 'otps', column: 'expires_at' },
  { name: 'otps_used_idx', table: 'otps', column: 'used_at', where: 'used_at is not null' },
  { name: 'rate_limits_reset_idx', table: 'rate_limits', column: 'reset_at' },
  { name: 'outbox_created_idx', table: 'outbox', column: 'created_at' },
  { name: 'mail_jobs_finished_idx', table: 'mail_jobs', column: 'finished_at', where: 'finished_at is not null' },
  { name: 'bootstrap_tokens_created_idx', table: 'bootstrap_tokens', column: 'created_at' },
  { name: 'bootstrap_tokens_used_idx', table: 'bootstrap_tokens', column: 'used_at', where: 'used_at is not null' },
  // Its primary key starts with span_minutes, so a range on window_start alone needs its own index.
  { name: 'telemetry_counters_window_idx', table: 'telemetry_counters', column: 'window_start' },
];

export const m0015_housekeeping_indexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const index of INDEXES) {
      const create = db.schema.createIndex(index.name).on(index.table).column(index.column);
      await (index.where ? create.where(sql.raw<boolean>(index.where)) : create).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const index of INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  },
};
