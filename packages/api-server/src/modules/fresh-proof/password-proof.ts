import { API_ERRORS, badRequest } from '../../lib/http-error';
import type { ProofChecker } from './proof-kinds';

/**
 * The account's password. Tries are counted per account (any address, any session), as for a
 * password change; a wrong one answers 400 so the client keeps its session.
 */
export const passwordProof: ProofChecker = {
  available: async () => true,
  async check(app, user, body) {
    if (!body.password) throw badRequest('Enter your password.');
    await app.limiter.consume(`password:${user.id}`, app.config.rateLimits.password);
    // The hash as stored now, not as cached with the session (a password changed a moment ago).
    const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    if (!row || !(await app.passwords.verify(row.password_hash, body.password)))
      throw badRequest(API_ERRORS.currentPasswordWrong);
  },
};
