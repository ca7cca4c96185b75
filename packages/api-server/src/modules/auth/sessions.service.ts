import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto';
import { MESSAGES, unauthorized } from '../../lib/http-error';
import type { Db } from '../../db/connect';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type Deps = Pick<FastifyInstance, 'db' | 'jwt' | 'now' | 'config'>;

async function issue(app: Deps, db: Db, userId: string, familyId: string): Promise<TokenPair> {
  const now = app.now();
  const refreshToken = app.jwt.sign(
    { sub: userId, fam: familyId, typ: 'refresh', jti: randomUUID() },
    app.config.refreshTokenTtl,
  );
  await db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      family_id: familyId,
      user_id: userId,
      token_hash: sha256(refreshToken),
      expires_at: new Date(now.getTime() + app.config.refreshTokenTtl * 1000),
      used_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  const accessToken = app.jwt.sign({ sub: userId, fam: familyId, typ: 'access' }, app.config.accessTokenTtl);
  return { accessToken, refreshToken };
}

/** A new session family (login, bootstrap). */
export function startSession(app: Deps, userId: string): Promise<TokenPair> {
  return issue(app, app.db, userId, randomUUID());
}

export async function revokeFamily(app: Deps, familyId: string): Promise<void> {
  await app.db
    .updateTable('sessions')
    .set({ revoked_at: app.now() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user, optionally keeping one family (the caller's own). */
export async function revokeUserSessions(app: Deps, userId: string, exceptFamilyId?: string): Promise<void> {
  let q = app.db
    .updateTable('sessions')
    .set({ revoked_at: app.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) q = q.where('family_id', '!=', exceptFamilyId);
  await q.execute();
}

/**
 * Rotation: each refresh token works once. Using one that was already used (a stolen copy or a
 * replay) revokes its whole family, so both the thief and the victim must sign in again.
 */
export async function rotate(app: Deps, refreshToken: string): Promise<TokenPair> {
  const verified = app.jwt.verify(refreshToken, 'refresh');
  if (!verified.ok)
    throw unauthorized(verified.reason === 'expired' ? MESSAGES.refreshExpired : MESSAGES.invalidRefresh);
  const { sub, fam } = verified.claims;
  const now = app.now();
  const row = await app.db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  if (!row || row.family_id !== fam || row.user_id !== sub || row.revoked_at)
    throw unauthorized(MESSAGES.invalidRefresh);
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw unauthorized(MESSAGES.refreshExpired);
  // Atomic claim: only one request can mark this token used.
  const claimed = await app.db
    .updateTable('sessions')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    await revokeFamily(app, fam);
    throw unauthorized(MESSAGES.invalidRefresh);
  }
  return issue(app, app.db, sub, fam);
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
  if (row && row.family_id === claims.fam) await revokeFamily(app, row.family_id);
}
