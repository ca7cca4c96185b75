import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { rowExists } from '../../db/row-exists';
import { notFound } from '../../lib/http-error';
import { revokeFamily } from '../auth/sessions.service';
import type { DeviceSession, DeviceSessionPage, SessionListQuery } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import * as newestFirst from '../common/newest-first';

/** A user's live sessions: a family with an unrevoked, unexpired token. */
function liveSessions(db: Db, userId: string, now: Date) {
  return db
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
    );
}

/**
 * One keyset page of a user's live sessions, last used first (session_families_user_used_idx).
 * Last use moves: a session used between two pages comes back at the top of the first.
 */
export async function listSessions(
  db: Db,
  now: Date,
  userId: string,
  q: SessionListQuery,
  currentFamilyId?: string,
): Promise<DeviceSessionPage> {
  // The family is the session's id, in the cursor as in the answer.
  const sessions = liveSessions(db, userId, now).select([
    'session_families.family_id as id',
    newestFirst.exactTime('session_families.last_used_at').as('sort_key'),
  ]);
  return newestFirst.listPage(
    'sessions',
    q,
    {},
    (page) => newestFirst.rowsOf(sessions, page, 'session_families', ['last_used_at', 'family_id']),
    (row): DeviceSession => ({
      id: row.id,
      browser: row.browser,
      os: row.os,
      ip: row.ip,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.last_used_at).toISOString(),
      current: row.id === currentFamilyId,
    }),
  );
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
  const others = await liveSessions(app.db, userId, app.now())
    .where('session_families.family_id', '!=', keepFamilyId)
    .execute();
  for (const session of others) await revokeFamily(app, userId, session.family_id);
  return others.length;
}
