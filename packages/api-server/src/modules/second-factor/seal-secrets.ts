import type { Db } from '../../db/connect';
import { isSealed, type SecretBox } from '../../lib/secret-box';

/**
 * Seals the authenticator-app keys stored in plain text (before sealing began, migration 0011):
 * each row only if it is still the plain value read, so a concurrent start or enrolment wins.
 */
export async function sealPlainTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .selectFrom('user_totp')
    .select(['user_id', 'secret'])
    .where('secret', 'not like', 'v1:%')
    .execute();
  let sealed = 0;
  for (const row of rows) {
    if (isSealed(row.secret)) continue;
    const done = await db
      .updateTable('user_totp')
      .set({ secret: box.seal(row.secret, row.user_id) })
      .where('user_id', '=', row.user_id)
      .where('secret', '=', row.secret)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  return sealed;
}

/** The plain key of a stored row: sealed, or (written by an older instance mid-upgrade) plain. */
export function openTotpSecret(box: SecretBox, stored: string, userId: string): string {
  return isSealed(stored) ? box.open(stored, userId) : stored;
}
