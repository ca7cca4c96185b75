import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { API_ERRORS, badRequest } from '../../lib/http-error';

/**
 * The signed-in user proves it is the owner, not someone holding a stolen token, before a change
 * to how the account signs in. Tries are counted per account (RATE_LIMIT_PASSWORD), from anywhere.
 */
export async function checkCurrentPassword(app: FastifyInstance, user: UserRow, currentPassword: string) {
  await app.limiter.consume(`password:${user.id}`, app.config.rateLimits.password);
  if (!(await app.passwords.verify(user.password_hash, currentPassword)))
    throw badRequest(API_ERRORS.currentPasswordWrong);
}
