import type { FreshProofBody } from '@kloof/api-contract';
import {
  FACTOR_PROOF_KINDS,
  FRESH_PROOF_REASON,
  FRESH_PROOF_SECONDS,
  PROOF_KINDS,
  type ProofKind,
} from '@kloof/api-contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { apiError, badRequest } from '../../lib/http-error';
import { authOf } from '../../plugins/auth';
import type { AuthContext } from '../../types';
import { availableKinds, proofCheckers } from './proof-kinds';

/** The fields each kind reads: another kind's field sent along is a mistake, said as such. */
const PROOF_FIELDS = ['password', 'code', 'ceremony', 'response'] as const;
const FIELDS_OF_KIND: Record<ProofKind, readonly (typeof PROOF_FIELDS)[number][]> = {
  password: ['password'],
  totp: ['code'],
  passkey: ['ceremony', 'response'],
};

/**
 * Checks a proof and records it on the caller's session (its token family): it counts for that
 * session only, whichever token of it is used next, and for FRESH_PROOF_SECONDS.
 */
export async function prove(app: FastifyInstance, auth: AuthContext, body: FreshProofBody) {
  // Every stray field is named, so the message points at whichever one the caller got wrong.
  const stray = PROOF_FIELDS.filter((field) => body[field] !== undefined && !FIELDS_OF_KIND[body.kind].includes(field));
  if (stray.length)
    throw badRequest(`${listed(stray)} ${stray.length > 1 ? 'are' : 'is'} not used with kind ${body.kind}`);
  await proofCheckers[body.kind].check(app, auth, body);
  const provedAt = app.now();
  await app.db
    .updateTable('session_families')
    .set({ proved_at: provedAt, proof_kind: body.kind })
    .where('family_id', '=', auth.familyId)
    .where('user_id', '=', auth.user.id)
    .execute();
  return {
    kind: body.kind,
    provedAt: provedAt.toISOString(),
    validUntil: new Date(provedAt.getTime() + FRESH_PROOF_SECONDS * 1000).toISOString(),
  };
}

/**
 * Where a proof is looked for: `db` is the caller's transaction when it holds one (PGlite has a
 * single connection: another would wait for ever); `accepted` the kinds that count.
 */
interface ProofScope {
  db: Db;
  accepted: readonly ProofKind[];
}

/** Whether this session proved it is its owner within the last FRESH_PROOF_SECONDS, with an accepted kind. */
async function hasFreshProof(app: FastifyInstance, auth: AuthContext, { db, accepted }: ProofScope): Promise<boolean> {
  const now = app.now();
  const since = new Date(now.getTime() - FRESH_PROOF_SECONDS * 1000);
  const row = await db
    .selectFrom('session_families')
    .select('proved_at')
    .where('family_id', '=', auth.familyId)
    .where('user_id', '=', auth.user.id)
    .where('proved_at', '>', since)
    .where('proved_at', '<=', now)
    .where('proof_kind', 'in', accepted)
    .executeTakeFirst();
  return !!row;
}

/**
 * 403 with a stable message and the kinds this user can prove with (of `accepted`), unless the
 * session's proof is fresh and of an accepted kind.
 */
export async function assertFreshProof(
  app: FastifyInstance,
  auth: AuthContext,
  db: Db = app.db,
  accepted: readonly ProofKind[] = PROOF_KINDS,
): Promise<void> {
  if (await hasFreshProof(app, auth, { db, accepted })) return;
  const factorsOnly = !accepted.includes('password');
  throw apiError(403, factorsOnly ? 'factor_proof_required' : 'fresh_proof_required', {
    reason: FRESH_PROOF_REASON,
    kinds: (await availableKinds(app, auth.user, db)).filter((kind) => accepted.includes(kind)),
    maxAgeSeconds: FRESH_PROOF_SECONDS,
  });
}

/**
 * Taking a second factor away: a fresh proof made with a factor (a code, a recovery code or a
 * passkey), so a password and a stolen token together cannot switch the owner's factor off.
 */
export const assertFactorProof = (app: FastifyInstance, auth: AuthContext, db: Db = app.db) =>
  assertFreshProof(app, auth, db, FACTOR_PROOF_KINDS);

/** A route's hook (after its sign-in guard): the change goes on only with a fresh proof. */
export const requireFreshProof = (app: FastifyInstance) => async (request: FastifyRequest) =>
  assertFreshProof(app, authOf(request));

/** The same for a change that takes a factor away: only a proof made with a factor counts. */
export const requireFactorProof = (app: FastifyInstance) => async (request: FastifyRequest) =>
  assertFactorProof(app, authOf(request));

/** 'a', 'a and b', 'a, b and c'. */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
