import type { FastifyInstance } from 'fastify';
import { apiError, badRequest, HttpError } from '../../lib/http-error';
import type { AuthContext } from '../../types';
import { verifyAssertion } from '../passkeys/assertion';
import { openCeremony, takeCeremony } from '../passkeys/ceremonies';
import { ownPasskeyOptions } from '../passkeys/own-passkey-options';
import { hasPasskeys, passkeyByCredential } from '../passkeys/passkey-store';
import type { ProofChecker } from './proof-checker';

/** A proof belongs to the session that asked for its options, and to its account. */
const proofFlow = ({ user, familyId }: AuthContext) => ({
  purpose: 'proof' as const,
  userId: user.id,
  boundTo: familyId,
});

/** Options for the account's own passkeys, good once, for this session's proof. */
export async function startPasskeyProof(app: FastifyInstance, auth: AuthContext) {
  // Holding the passkey is the factor being proved, as when it finishes a sign-in.
  const options = await ownPasskeyOptions(app, auth.user.id);
  return { ceremony: await openCeremony(app, proofFlow(auth), options.challenge), options };
}

/**
 * A signature by one of the account's passkeys over this session's challenge. A wrong one answers
 * 400 like a wrong password (409 for a ceremony that is gone): the session stays signed in.
 */
export const passkeyProof: ProofChecker = {
  available: (app, user, db) => hasPasskeys(app, user.id, db),
  async check(app, auth, body) {
    if (!body.ceremony || !body.response) throw badRequest('Use one of your passkeys to confirm it is you.');
    const challenge = await takeCeremony(app, body.ceremony, proofFlow(auth));
    // Used, expired, or another session's: the request no longer fits, start again (as when adding one).
    if (!challenge) throw apiError(409, 'passkey_request_expired');
    const { response } = body;
    const passkey = response.id === response.rawId ? await passkeyByCredential(app, response.id) : undefined;
    if (!passkey || passkey.user_id !== auth.user.id) throw apiError(400, 'passkey_not_verified');
    try {
      await verifyAssertion(app, passkey, challenge, response, { requireUserVerification: false });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) throw apiError(400, 'passkey_not_verified');
      throw error;
    }
  },
};
