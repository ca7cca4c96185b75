import type { Db } from '../db/connect';
import { randomToken } from '../lib/crypto';

const STORED_KEY = 'jwt_secret';

/**
 * The signing secret of access and refresh tokens (and the key of one-time-code hashes): JWT_SECRET,
 * or a random secret created once and kept in the database (table app_secrets), so restarts and
 * every instance on the same database keep accepting sessions. Read once per start.
 */
export async function resolveSecret(db: Db, configured: string | undefined, now: Date): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_secrets')
    .values({ key: STORED_KEY, value: randomToken(48), created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('key', '=', STORED_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface Rotation {
  /** false with JWT_SECRET set: the stored secret was only deleted (it is not the one in use). */
  replaced: boolean;
  sessionsSignedOut: number;
}

/**
 * Rotates the stored secret (a leak, a departure): one transaction replaces it and revokes every
 * live session, so even an instance still holding the old secret in memory accepts none of them.
 * Every token and one-time code made with the old secret stops working; users sign in again.
 * Instances read the secret at start: restart them all afterwards. With JWT_SECRET set, the stored
 * secret is unused and is deleted (it would come back into use if JWT_SECRET were removed).
 */
export async function rotateStoredSecret(db: Db, configured: string | undefined, now: Date): Promise<Rotation> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('app_secrets').where('key', '=', STORED_KEY).execute();
    if (configured) return { replaced: false, sessionsSignedOut: 0 };
    await trx
      .insertInto('app_secrets')
      .values({ key: STORED_KEY, value: randomToken(48), created_at: now })
      .execute();
    const revoked = await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return { replaced: true, sessionsSignedOut: Number(revoked.numUpdatedRows) };
  });
}
