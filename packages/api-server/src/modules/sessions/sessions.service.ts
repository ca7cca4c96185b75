import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { rowExists } from '../../db/row-exists';
import { notFound } from '../../lib/http-error';
import { revokeFamily } from '../auth/sessions.service';
import type { DeviceSession } from '@kloof/api-contract';

/** A user's live sessions (a family with an unrevoked, unexpired token), newest use first. */
export async function listSessions(app: FastifyInstance, userId: string, currentFamilyId?: string) {
  const now = app.now();
  const rows = await app.db
    .selectFrom('session_families')
    .selectAll()
    .where('user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sessions')
          .select(sql`1`.as('one'))
          .whereRef('sessions.family_id', '=', 'session_families.family_id')
          .where('sessions.revoked_at', 'is', null)
          .where('sessions.expires_at', '>', now),
      ),
    )
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.map((row): DeviceSession => ({
    id: row.family_id,
    browser: row.browser,
    os: row.os,
    ip: row.ip,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: new Date(row.last_used_at).toISOString(),
    current: row.family_id === currentFamilyId,
  }));
}

/** Ends one session of this user: its refresh token and access tokens stop working at once. */
export async function endSession(app: FastifyInstance, userId: string, familyId: string): Promise<void> {
  if (!(await rowExists(app.db, 'session_families', { family_id: familyId, user_id: userId }))) {
    throw notFound('Session not found');
  }
  await revokeFamily(app, userId, familyId);
}

/** Ends every session of the user but the one asking; says how many were live. */
export async function endOtherSessions(app: FastifyInstance, userId: string, keepFamilyId: string): Promise<number> {
  const others = (await listSessions(app, userId, keepFamilyId)).filter((s) => !s.current);
  for (const session of others) await revokeFamily(app, userId, session.id);
  return others.length;
}
