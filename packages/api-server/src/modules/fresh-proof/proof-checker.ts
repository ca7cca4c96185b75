import type { FreshProofBody } from '@kloof/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import type { AuthContext } from '../../types';

/**
 * One way for a signed-in user to prove it is them again. A new kind is one more of these, and its
 * name in the contract's PROOF_KINDS.
 */
export interface ProofChecker {
  /** Whether this user can prove with it at all (a code needs an authenticator app that is on); `db` may be a transaction. */
  available(app: FastifyInstance, user: UserRow, db: Db): Promise<boolean>;
  /** Checks the proof of this session, counting the try against its limits; throws 400 (never 401) when it is wrong. */
  check(app: FastifyInstance, auth: AuthContext, body: FreshProofBody): Promise<void>;
}
