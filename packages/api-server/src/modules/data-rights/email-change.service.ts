import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../lib/http-error';
import { hmac } from '../../lib/crypto';

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
 * Records the change and queues a mail to each address. The answer is the same whether or not the
 * new address belongs to another account: only the mail to it says so (an attacker learns nothing).
 * A newer request replaces the account's pending one (its link stops working).
 */
export async function requestEmailChange(app: FastifyInstance, userId: string, currentEmail: string, wanted: string) {
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
  // activity: e-mail change requested (userId, to `email`)
  await app.mailQueue.enqueue('email-change-confirm', email);
  await app.mailQueue.enqueue('email-change-notice', currentEmail);
  return { message: EMAIL_CHANGE_SENT, expiresAt: expiresAt.toISOString() };
}

/**
 * Follows the link once: the account takes the new address. A link used, expired, replaced, or to
 * an address another account took meanwhile answers the same 400. Other sessions stay signed in:
 * the password is unchanged, and the owner who did not ask (the notice to the old address) needs a
 * session to act from; a password reset from the notice signs every session out.
 */
export async function confirmEmailChange(app: FastifyInstance, token: string) {
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
    const old = await trx.selectFrom('users').select('email').where('id', '=', change.user_id).executeTakeFirst();
    if (!old) return null;
    await trx
      .updateTable('users')
      .set({ email: change.new_email, verified: true, updated_at: now })
      .where('id', '=', change.user_id)
      .execute();
    return { ...change, oldEmail: old.email };
  });
  if (!changed) throw apiError(400, 'email_change_link_invalid');
  // activity: e-mail changed (changed.user_id, from changed.oldEmail to changed.new_email)
  return { message: EMAIL_CHANGED, email: changed.new_email };
}
