import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notFound } from '../../lib/http-error';
import { revokeFamily } from '../auth/sessions.service';
import type { DeviceSession, DeviceSessionPage, SessionListQuery } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import * as newestFirst from '../common/newest-first';

/**
 * Which device a session (`table` its alias) was started on: the browser's device id hash, else
 * (a session from before, or a client that sends none) its browser, system and address.
 */
const deviceOf = (table: string) =>
  sql<string>`coalesce(${sql.ref(`${table}.device_hash`)}, ${sql.ref(`${table}.browser`)} || '|' || ${sql.ref(`${table}.os`)} || '|' || ${sql.ref(`${table}.ip`)})`;

/** Whether a session (`table` its alias) still holds an unrevoked, unexpired token. */
const isLive = (table: string, now: Date) =>
  sql<boolean>`exists (select 1 from sessions s where s.family_id = ${sql.ref(`${table}.family_id`)} and s.revoked_at is null and s.expires_at > ${now})`;

/** The live sessions of the device `table`'s row was started on (their alias `same`). */
const sameDevice = (table: string, now: Date) =>
  sql`session_families same where same.user_id = ${sql.ref(`${table}.user_id`)} and ${deviceOf('same')} = ${deviceOf(table)} and ${isLive('same', now)}`;

/**
 * One keyset page of a user's signed-in devices, last used first (session_families_user_used_idx):
 * each device once, shown by its newest live session, with how many it holds. Last use moves: a
 * device used between two pages comes back at the top of the first.
 */
export async function listSessions(
  db: Db,
  now: Date,
  userId: string,
  q: SessionListQuery,
  currentFamilyId?: string,
): Promise<DeviceSessionPage> {
  // The newest session is the device's id, in the cursor as in the answer.
  const devices = db
    .selectFrom('session_families')
    .selectAll()
    .select([
      'session_families.family_id as id',
      newestFirst.exactTime('session_families.last_used_at').as('sort_key'),
      sql<number>`(select count(*)::int from ${sameDevice('session_families', now)})`.as('sessions'),
      sql<boolean>`exists (select 1 from ${sameDevice('session_families', now)} and same.family_id = ${currentFamilyId ?? null})`.as(
        'current',
      ),
    ])
    .where('session_families.user_id', '=', userId)
    .where(isLive('session_families', now))
    .where(
      sql<boolean>`not exists (select 1 from ${sameDevice('session_families', now)}
        and (same.last_used_at, same.family_id) > (session_families.last_used_at, session_families.family_id))`,
    );
  return newestFirst.listPage(
    'sessions',
    q,
    {},
    (page) => newestFirst.rowsOf(devices, page, 'session_families', ['last_used_at', 'family_id']),
    (row): DeviceSession => ({
      id: row.id,
      browser: row.browser,
      os: row.os,
      ip: row.ip,
      createdAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.last_used_at).toISOString(),
      sessions: row.sessions,
      current: row.current,
    }),
  );
}

/** The user's live sessions started on the same device as `familyId` (none if it is not theirs). */
function deviceSessions(db: Db, now: Date, userId: string, familyId: string) {
  return db
    .selectFrom('session_families')
    .select('session_families.family_id')
    .where('session_families.user_id', '=', userId)
    .where(isLive('session_families', now))
    .where(
      sql<boolean>`${deviceOf('session_families')} = (select ${deviceOf('f')} from session_families f where f.family_id = ${familyId} and f.user_id = ${userId})`,
    )
    .execute();
}

/**
 * Signs one device of this user out: every session it holds (the listed one is its newest); their
 * refresh tokens and access tokens stop working at once.
 */
export async function endSession(app: FastifyInstance, userId: string, familyId: string): Promise<void> {
  const sessions = await deviceSessions(app.db, app.now(), userId, familyId);
  if (sessions.length === 0) throw notFound('Session not found');
  for (const session of sessions) await revokeFamily(app, userId, session.family_id);
}

/** Ends every session of the user but the one asking; says how many other devices that signed out. */
export async function endOtherSessions(app: FastifyInstance, userId: string, keepFamilyId: string): Promise<number> {
  const now = app.now();
  const others = await app.db
    .selectFrom('session_families')
    .select(['session_families.family_id', deviceOf('session_families').as('device')])
    .where('session_families.user_id', '=', userId)
    .where(isLive('session_families', now))
    .where('session_families.family_id', '!=', keepFamilyId)
    .execute();
  const kept = await app.db
    .selectFrom('session_families')
    .select(deviceOf('session_families').as('device'))
    .where('family_id', '=', keepFamilyId)
    .executeTakeFirst();
  for (const session of others) await revokeFamily(app, userId, session.family_id);
  return new Set(others.map((s) => s.device).filter((device) => device !== kept?.device)).size;
}
