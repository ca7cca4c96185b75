import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { apiError } from '../../lib/http-error';
import { userTurn } from '../../lib/passwords';

/**
 * The signed-in user proves it is the owner, not someone holding a stolen token, before a change
 * to how the account signs in. Tries are counted per account (RATE_LIMIT_PASSWORD), from anywhere.
 */
export async function checkCurrentPassword(app: FastifyInstance, user: Pick<UserRow, 'id'>, currentPassword: string) {
  await app.limiter.consume(`password:${user.id}`, app.config.rateLimits.password);
  // The hash as stored now, not as cached with the session (a password changed a moment ago).
  const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
  if (!row || !(await app.passwords.verify(row.password_hash, currentPassword, userTurn(user.id))))
    throw apiError(400, 'current_password_mismatch');
}
