import { apiError, badRequest, conflict } from '../../lib/http-error';
import { isTotpOn, spendRecoveryCode, spendTotpCode, TOTP_ERRORS } from '../second-factor/totp.service';
import type { ProofChecker } from './proof-checker';

/**
 * A code from the authenticator app, or one of its recovery codes (the app may be lost): each code
 * once (sign-in included), tries counted per account.
 */
export const totpProof: ProofChecker = {
  available: (app, user, db) => isTotpOn(app, user.id, db),
  async check(app, { user }, body) {
    const code = body.code?.trim();
    if (!code) throw badRequest('Enter the code from your authenticator app, or a recovery code.');
    if (!(await isTotpOn(app, user.id))) throw conflict(TOTP_ERRORS.notOn);
    const spent = /^[0-9]{6}$/.test(code)
      ? await spendTotpCode(app, user.id, code)
      : await spendRecoveryCode(app, user.id, code);
    if (!spent) throw apiError(400, 'invalid_code');
  },
};
