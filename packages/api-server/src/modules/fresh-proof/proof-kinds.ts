import type { ProofKind } from '@kloof/api-contract/constants';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { passkeyProof } from './passkey-proof';
import type { ProofChecker } from './proof-checker';
import { passwordProof } from './password-proof';
import { totpProof } from './totp-proof';

export const proofCheckers: Record<ProofKind, ProofChecker> = {
  password: passwordProof,
  totp: totpProof,
  passkey: passkeyProof,
};

/** The kinds this user can prove with, in the contract's order. */
export async function availableKinds(app: FastifyInstance, user: UserRow, db: Db = app.db): Promise<ProofKind[]> {
  const usable: [ProofKind, boolean][] = [];
  // One after the other: in a transaction, queries share its one connection.
  for (const [kind, checker] of Object.entries(proofCheckers) as [ProofKind, ProofChecker][])
    usable.push([kind, await checker.available(app, user, db)]);
  return usable.filter(([, ok]) => ok).map(([kind]) => kind as ProofKind);
}
