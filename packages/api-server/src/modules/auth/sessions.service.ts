import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { sha256 } from '../../lib/crypto';
import { apiError } from '../../lib/http-error';
import type { Db } from '../../db/connect';
import type { Tokens } from '@kloof/api-contract';
import { deviceHash } from './known-devices';
import { describeUserAgent } from './user-agent';

/** Where a session starts: shown to its owner in the list of signed-in devices. */
export interface SessionOrigin {
  ip: string;
  userAgent?: string | undefined;
  /** The browser's device id, if it sent one (only its hash is kept). */
  device?: string | undefined;
}

type Deps = Pick<FastifyInstance, 'db' | 'jwt' | 'now' | 'config'>;

interface PairSpec {
  userId: string;
  familyId: string;
  /** When the pair is issued: its tokens' iat. */
  at: Date;
  /** The session family's absolute end: no token of the family outlives it. */
  absoluteEnd: Date;
  /** The jti of the refresh token (derived from its predecessor, so a duplicate gets the same pair). */
  jti: string;
}

function sign(app: Deps, spec: PairSpec): Tokens & { expiresAt: Date } {
  const iat = Math.floor(spec.at.getTime() / 1000);
  const end = Math.floor(spec.absoluteEnd.getTime() / 1000);
  const refreshTtl = Math.max(1, Math.min(app.config.refreshTokenTtl, end - iat));
  const accessTtl = Math.max(1, Math.min(app.config.accessTokenTtl, end - iat));
  const claims = { sub: spec.userId, fam: spec.familyId };
  return {
    refreshToken: app.jwt.sign({ ...claims, typ: 'refresh', jti: spec.jti }, refreshTtl, spec.at),
    accessToken: app.jwt.sign({ ...claims, typ: 'access' }, accessTtl, spec.at),
    expiresAt: new Date((iat + refreshTtl) * 1000),
  };
}

async function issue(app: Deps, db: Db, spec: PairSpec): Promise<Tokens> {
  const { refreshToken, accessToken, expiresAt } = sign(app, spec);
  await db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      family_id: spec.familyId,
      user_id: spec.userId,
      token_hash: sha256(refreshToken),
      expires_at: expiresAt,
      absolute_expires_at: spec.absoluteEnd,
      used_at: null,
      revoked_at: null,
      created_at: spec.at,
    })
    .execute();
  return { accessToken, refreshToken };
}

/** The pair that replaces a refresh token: the same for every request that presents that token. */
const successorJti = (tokenHash: string) => sha256(`successor:${tokenHash}`);

/**
 * A new session family (sign-in); it ends SESSION_MAX_AGE after sign-in whatever happens. It only
 * starts while the password checked is still the user's: a sign-in racing a password change or
 * reset either gets its session revoked by that change or is refused.
 */
export function startSession(
  app: Deps,
  user: { id: string; password_hash: string },
  origin: SessionOrigin,
  options: { notice?: boolean } = {},
): Promise<Tokens & { familyId: string }> {
  return underUserLock(app, user.id, async (trx) => {
    const current = await trx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirst();
    if (current?.password_hash !== user.password_hash) throw apiError(401, 'invalid_credentials');
    const at = app.now();
    const familyId = randomUUID();
    await trx
      .insertInto('session_families')
      .values({
        family_id: familyId,
        user_id: user.id,
        ...describeUserAgent(origin.userAgent),
        ip: origin.ip,
        device_hash: origin.device ? deviceHash(origin.device) : null,
        created_at: at,
        last_used_at: at,
        notice_pending: options.notice ?? false,
      })
      .execute();
    const tokens = await issue(app, trx, {
      userId: user.id,
      familyId,
      at,
      absoluteEnd: new Date(at.getTime() + app.config.sessionMaxAge * 1000),
      jti: randomUUID(),
    });
    return { ...tokens, familyId };
  });
}

/**
 * Every change to one user's sessions (a rotation, a revocation) runs under one lock per user.
 * Without it, on PostgreSQL a revoking UPDATE that waits for a rotation misses the successor the
 * rotation inserts (the row is not in the UPDATE's snapshot), and that successor stays live.
 */
function underUserLock<T>(app: Deps, userId: string, work: (trx: Db) => Promise<T>): Promise<T> {
  return app.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`sessions:${userId}`}))`.execute(trx);
    return work(trx);
  });
}

export async function revokeFamily(app: Deps, userId: string, familyId: string): Promise<void> {
  await underUserLock(app, userId, (trx) =>
    trx
      .updateTable('sessions')
      .set({ revoked_at: app.now() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute(),
  );
}

/** Revokes every session of a user, optionally keeping one family (the caller's own). */
export async function revokeUserSessions(app: Deps, userId: string, exceptFamilyId?: string): Promise<void> {
  await underUserLock(app, userId, (trx) => {
    let q = trx
      .updateTable('sessions')
      .set({ revoked_at: app.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptFamilyId) q = q.where('family_id', '!=', exceptFamilyId);
    return q.execute();
  });
}

/**
 * Rotation. Each refresh token is exchanged once, by one compare-and-swap (an UPDATE that only
 * succeeds while the token is unused, live and unrevoked), in the same transaction as its
 * successor. A request that loses the swap is a duplicate of the winner (two tabs, a retried
 * request) when it comes within REFRESH_GRACE_SECONDS: it gets the very same new pair (the
 * successor is derived from the old token and the time it was used). Later, it is a replay of a
 * stolen token: the whole family is revoked, so both the thief and the victim must sign in again.
 * The used token's row is needed only for that grace: pruning removes it afterwards, and a signed
 * token without a row is a replay too.
 */
export async function rotate(app: Deps, refreshToken: string, ip?: string): Promise<Tokens> {
  const verified = app.jwt.verify(refreshToken, 'refresh');
  if (!verified.ok) throw apiError(401, verified.reason === 'expired' ? 'session_expired' : 'invalid_refresh_token');
  const { sub: userId, fam: familyId } = verified.claims;
  const tokenHash = sha256(refreshToken);
  const now = app.now();
  const successor = (at: Date, absoluteEnd: Date): PairSpec => ({
    userId,
    familyId,
    at,
    absoluteEnd: new Date(absoluteEnd),
    jti: successorJti(tokenHash),
  });

  const won = await underUserLock(app, userId, async (trx) => {
    const claimed = await trx
      .updateTable('sessions')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('family_id', '=', familyId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('absolute_expires_at')
      .executeTakeFirst();
    if (!claimed) return null;
    // The session was in use just now, from here.
    await trx
      .updateTable('session_families')
      .set({ last_used_at: now, ...(ip ? { ip } : {}) })
      .where('family_id', '=', familyId)
      .execute();
    return issue(app, trx, successor(now, claimed.absolute_expires_at));
  });
  if (won) return won;

  const row = await app.db
    .selectFrom('sessions')
    .select(['family_id', 'user_id', 'used_at', 'revoked_at', 'expires_at', 'absolute_expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) {
    // A token this API signed, unexpired, with no row: rotated out and pruned once its grace was over
    // (maintenance/prune-rules). Presented again, it is a replay like any other.
    await revokeFamily(app, userId, familyId);
    throw apiError(401, 'invalid_refresh_token');
  }
  if (row.family_id !== familyId || row.user_id !== userId || row.revoked_at)
    throw apiError(401, 'invalid_refresh_token');
  if (!row.used_at) {
    const expired = new Date(row.expires_at).getTime() <= now.getTime();
    throw apiError(401, expired ? 'session_expired' : 'invalid_refresh_token');
  }
  const usedAt = new Date(row.used_at);
  if (now.getTime() - usedAt.getTime() <= app.config.refreshGraceSeconds * 1000) {
    const { accessToken, refreshToken: next } = sign(app, successor(usedAt, row.absolute_expires_at));
    return { accessToken, refreshToken: next };
  }
  await revokeFamily(app, userId, familyId);
  throw apiError(401, 'invalid_refresh_token');
}

/** Logout: revokes the family of a refresh token (expired tokens still identify their family). */
export async function logout(app: Deps, refreshToken: string): Promise<void> {
  const verified = app.jwt.verify(refreshToken, 'refresh');
  if (!verified.ok && verified.reason === 'invalid') return;
  const claims = verified.ok ? verified.claims : verified.claims;
  const row = await app.db
    .selectFrom('sessions')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  if (row && row.family_id === claims.fam) await revokeFamily(app, row.user_id, row.family_id);
}
