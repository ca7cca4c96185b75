import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { jsonb, textArray } from '../../db/json';
import type { UserRow, UserSettings } from '../../db/schema';
import { MESSAGES, badRequest, forbidden, notFound } from '../../lib/http-error';
import { revokeUserSessions } from '../auth/sessions.service';

export interface ProfileChanges {
  username?: string | undefined;
  fullName?: string | undefined;
  company?: string | undefined;
  phone?: string | undefined;
  settings?: Partial<UserSettings> | undefined;
}

export async function updateProfile(app: FastifyInstance, user: UserRow, changes: ProfileChanges): Promise<UserRow> {
  const set: Record<string, unknown> = { updated_at: app.now() };
  if (changes.username !== undefined) set.username = changes.username.trim();
  if (changes.fullName !== undefined) set.full_name = changes.fullName.trim();
  if (changes.company !== undefined) set.company = changes.company.trim();
  if (changes.phone !== undefined) set.phone = changes.phone.trim();
  if (changes.settings) set.settings = jsonb({ ...user.settings, ...changes.settings });
  return app.db.updateTable('users').set(set).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
}

export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  familyId: string,
  input: { currentPassword: string; password: string; passwordConfirm: string },
): Promise<void> {
  if (!(await app.passwords.verify(user.password_hash, input.currentPassword)))
    throw badRequest(MESSAGES.currentPasswordWrong);
  if (input.password !== input.passwordConfirm) throw badRequest(MESSAGES.passwordsDiffer);
  const passwordHash = await app.passwords.hash(input.password);
  await app.db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: app.now() })
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(app, user.id, familyId);
}

export async function listUsers(
  app: FastifyInstance,
  q: { search?: string | undefined; page: number; pageSize: number },
) {
  let base = app.db.selectFrom('users');
  const term = q.search?.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb('username', 'ilike', pattern),
        eb('full_name', 'ilike', pattern),
        eb('company', 'ilike', pattern),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function getUser(app: FastifyInstance, id: string): Promise<UserRow> {
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Admin change of roles/verified. Nobody changes their own; only a SuperAdmin grants, removes or
 * touches SuperAdmin; a role change signs the user out everywhere.
 */
export async function adminUpdateUser(
  app: FastifyInstance,
  actor: UserRow,
  id: string,
  changes: { roles?: string[] | undefined; verified?: boolean | undefined },
): Promise<UserRow> {
  if (id === actor.id) throw forbidden('You cannot change your own roles or verification');
  const target = await getUser(app, id);
  const actorIsSuper = actor.roles.includes('SuperAdmin');
  const targetIsSuper = target.roles.includes('SuperAdmin');
  if (!actorIsSuper && targetIsSuper) throw forbidden('Only a SuperAdmin can change a SuperAdmin account');
  if (!actorIsSuper && changes.roles?.includes('SuperAdmin'))
    throw forbidden('Only a SuperAdmin can grant or remove the SuperAdmin role');
  const set: Record<string, unknown> = { updated_at: app.now() };
  const rolesChanged =
    changes.roles !== undefined && [...changes.roles].sort().join(',') !== [...target.roles].sort().join(',');
  if (changes.roles !== undefined) set.roles = textArray(changes.roles);
  if (changes.verified !== undefined) set.verified = changes.verified;
  const updated = await app.db
    .updateTable('users')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (rolesChanged) await revokeUserSessions(app, id);
  return updated;
}
