import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The users holding a role, newest first (GET /v1/users?role=…, the SuperAdmin's /super): a
 * partial index of the few role holders in the list's order, so asking for them reads them alone
 * and not every user. users.service.ts writes the same predicate, which the planner needs to see.
 */
export const m0016_role_holders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_role_holders_idx')
      .on('users')
      .columns(['created_at', 'id'])
      .where(sql.raw<boolean>('cardinality(roles) > 0'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_role_holders_idx').ifExists().execute();
  },
};
