import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../lib/http-error';
import { hmac } from '../../lib/crypto';
import { recordActivity, type ActivitySource } from '../activity/record';

/** How long the link mailed to the new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

type Deps = Pick<FastifyInstance, 'db' | 'now' | 'hashKey'>;

/**
 * The link's token, derived from the change's id with the server's key: the mail worker can write
 * it into the mail without it being stored anywhere; the table keeps only its HMAC (as the codes).
 */
export const emailChangeToken = (app: Deps, id: string) => hmac(app.hashKey, `email-change:${id}`);
const tokenHash = (app: Deps, token: string) => hmac(app.hashKey, `email-change-token:${token}`);

export const EMAIL_CHANGE_SENT =
  'We sent a link to the new address. Your e-mail address changes when you open it; until then it stays as it is.';
export const EMAIL_CHANGED = 'Your e-mail address has been changed. Sign in with it from now on.';

/**
 * Records the change and queues a mail to each address. The old address's notice is the change's
 * one security notice, sent now, while its "this was not me" link can still stop the change. The answer is the same whether or not the
 * new address belongs to another account: only the mail to it says so (an attacker learns nothing).
 * A newer request replaces the account's pending one (its link stops working).
 */
export async function requestEmailChange(
  app: FastifyInstance,
  userId: string,
  currentEmail: string,
  wanted: string,
  from: ActivitySource,
) {
  const email = wanted.trim().toLowerCase();
  if (email === currentEmail) throw apiError(400, 'email_unchanged');
  const now = app.now();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3600_000);
  const id = randomUUID();
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_changes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_changes')
      .values({
        id,
        user_id: userId,
        new_email: email,
        token_hash: tokenHash(app, emailChangeToken(app, id)),
        expires_at: expiresAt,
        used_at: null,
        created_at: now,
      })
      .execute();
  });
  await recordActivity(app, { userId, kind: 'email-change-requested', from, details: { email } });
  await app.mailQueue.enqueue('email-change-confirm', email);
  await app.mailQueue.enqueue('email-change-notice', currentEmail);
  return { message: EMAIL_CHANGE_SENT, expiresAt: expiresAt.toISOString() };
}

/**
 * Follows the link once: the account takes the new address. A link used, expired, replaced, or to
 * an address another account took meanwhile answers the same 400. Other sessions stay signed in:
 * the password is unchanged. The owner who did not ask follows the notice's "this was not me" link:
 * it signs every session out and drops the pending change.
 */
export async function confirmEmailChange(app: FastifyInstance, token: string, from: ActivitySource) {
  const now = app.now();
  const changed = await app.db.transaction().execute(async (trx) => {
    const change = await trx
      .updateTable('email_changes')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash(app, token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'new_email'])
      .executeTakeFirst();
    if (!change) return null;
    const taken = await trx.selectFrom('users').select('id').where('email', '=', change.new_email).executeTakeFirst();
    if (taken) return null;
    const moved = await trx
      .updateTable('users')
      .set({ email: change.new_email, verified: true, updated_at: now })
      .where('id', '=', change.user_id)
      .executeTakeFirst();
    return moved.numUpdatedRows > 0n ? change : null;
  });
  if (!changed) throw apiError(400, 'email_change_link_invalid');
  // The old address was warned at the request (its notice); a mail now would go to the new one.
  await recordActivity(app, {
    userId: changed.user_id,
    kind: 'email-changed',
    from,
    details: { email: changed.new_email },
    noticeSent: true,
  });
  return { message: EMAIL_CHANGED, email: changed.new_email };
}
