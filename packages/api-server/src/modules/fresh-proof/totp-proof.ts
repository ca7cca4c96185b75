import { API_ERRORS, badRequest, conflict } from '../../lib/http-error';
import { isTotpOn, spendTotpCode, TOTP_ERRORS } from '../second-factor/totp.service';
import type { ProofChecker } from './proof-kinds';

/** A code from the authenticator app: each code once (sign-in included), tries counted per account. */
export const totpProof: ProofChecker = {
  available: (app, user, db) => isTotpOn(app, user.id, db),
  async check(app, user, body) {
    if (!body.code) throw badRequest('Enter the code from your authenticator app.');
    if (!(await isTotpOn(app, user.id))) throw conflict(TOTP_ERRORS.notOn);
    if (!(await spendTotpCode(app, user.id, body.code))) throw badRequest(API_ERRORS.invalidOtp);
  },
};
