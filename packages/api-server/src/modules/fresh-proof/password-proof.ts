import { badRequest } from '../../lib/http-error';
import { checkCurrentPassword } from '../users/current-password';
import type { ProofChecker } from './proof-checker';

/**
 * The account's password. Tries are counted per account (any address, any session), as for a
 * password change; a wrong one answers 400 so the client keeps its session.
 */
export const passwordProof: ProofChecker = {
  available: async () => true,
  async check(app, { user }, body) {
    if (!body.password) throw badRequest('Enter your password.');
    await checkCurrentPassword(app, user, body.password);
  },
};
