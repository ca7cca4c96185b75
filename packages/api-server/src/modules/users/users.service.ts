import { userTurn } from '../../lib/passwords';
import { assertNewPasswordAllowed } from '../../lib/password-strength';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { jsonb, textArray } from '../../db/json';
import type { UserRow } from '../../db/schema';
import { apiError, conflict, forbidden, notFound } from '../../lib/http-error';
import { isAdmin } from '../../plugins/auth';
import { revokeUserSessions } from '../auth/sessions.service';
import { assertFreshProof } from '../fresh-proof/fresh-proof.service';
import type { AuthContext } from '../../types';
import type {
  AdminUpdateUserBody,
  ChangePasswordBody,
  UpdateProfileBody,
  UserListQuery,
  UserPage,
} from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import * as newestFirst from '../common/newest-first';
import { toUserDto } from './user.dto';

export async function updateProfile(app: FastifyInstance, user: UserRow, changes: UpdateProfileBody): Promise<UserRow> {
  const set: Record<string, unknown> = { updated_at: app.now() };
  if (changes.username !== undefined) set.username = changes.username.trim();
  if (changes.fullName !== undefined) set.full_name = changes.fullName.trim();
  if (changes.company !== undefined) set.company = changes.company.trim();
  if (changes.phone !== undefined) set.phone = changes.phone.trim();
  if (changes.settings) set.settings = jsonb({ ...user.settings, ...changes.settings });
  return app.db.updateTable('users').set(set).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
}

/** Sets a new password (the route checked a fresh proof) and signs out every other session. */
export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  familyId: string,
  input: ChangePasswordBody,
): Promise<void> {
  if (input.password !== input.passwordConfirm) throw apiError(400, 'passwords_differ');
  if (
    input.password === input.currentPassword ||
    (await app.passwords.verify(user.password_hash, input.password, userTurn(user.id)))
  )
    throw apiError(400, 'same_password');
  assertNewPasswordAllowed(input.password, user.email, [user.username]);
  const passwordHash = await app.passwords.hash(input.password, userTurn(user.id));
  await app.db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: app.now() })
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(app, user.id, familyId);
}

/** The text the admin's search looks in; migration 0013 indexes this very expression (trigrams). */
const searchText = sql<string>`(email || E'\\n' || username || E'\\n' || full_name || E'\\n' || company)`;

type UserFilters = { search?: string; role?: UserListQuery['role'] };

/** One page of users as the admin list asks for it: the query, for the route and for EXPLAIN. */
export function usersPageQuery(db: Db, page: newestFirst.Page, filters: UserFilters) {
  let query = db.selectFrom('users').selectAll().select(newestFirst.exactTime('users.created_at').as('sort_key'));
  const term = filters.search;
  if (term) {
    // A term under three characters has no trigram: the index would be read whole (0.8 s at 1M
    // users). Another form of the expression leaves the planner the walk down the list's order.
    const haystack = [...term].length < 3 ? sql`(${searchText} || '')` : searchText;
    query = query.where(sql<boolean>`${haystack} ilike ${newestFirst.containing(term)}`);
  }
  if (filters.role) {
    // Written as the predicate of users_role_holders_idx (migration 0016), so the planner reads
    // only the few role holders, newest first, rather than every user.
    query = query.where(sql<boolean>`cardinality(roles) > 0`);
    if (filters.role !== 'any') query = query.where(sql<boolean>`${filters.role} = any(roles)`);
  }
  // users_created_idx, read backwards.
  return newestFirst.rowsOf(query, page, 'users');
}

/** Users newest first, searched or holding a role, a keyset page at a time (no total: that was a count of every row). */
export async function listUsers(db: Db, q: UserListQuery): Promise<UserPage> {
  const filters: UserFilters = { search: newestFirst.searchTerm(q.search), role: q.role };
  return newestFirst.listPage(
    'users',
    q,
    filters,
    (page) => usersPageQuery(db, page, filters),
    (row) => toUserDto(row),
  );
}

export async function getUser(app: FastifyInstance, id: string): Promise<UserRow> {
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('User not found');
  return user;
}

/**
 * Admin change of roles/verified. Nobody changes their own; only a SuperAdmin grants, removes or
 * touches SuperAdmin; a role change or un-verifying needs the actor's fresh proof; a role change
 * signs the user out everywhere.
 */
export async function adminUpdateUser(
  app: FastifyInstance,
  auth: AuthContext,
  id: string,
  changes: AdminUpdateUserBody,
): Promise<UserRow> {
  const actor = auth.user;
  if (id === actor.id) throw forbidden('You cannot change your own roles or verification');
  const { updated, rolesChanged } = await app.db.transaction().execute(async (trx) => {
    // Lock every SuperAdmin row plus the actor and the target, always in id order: two
    // SuperAdmins demoting each other at once run one after the other, and the second sees
    // that it is no longer a SuperAdmin. So there is always at least one left.
    const locked = await trx
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('id', 'in', [actor.id, id]), sql<boolean>`'SuperAdmin' = any(roles)`]))
      .orderBy('id')
      .forUpdate()
      .execute();
    const me = locked.find((u) => u.id === actor.id);
    const target = locked.find((u) => u.id === id);
    if (!target) throw notFound('User not found');
    if (!me?.verified || !isAdmin(me.roles)) throw apiError(403, 'admin_required');
    const actorIsSuper = me.roles.includes('SuperAdmin');
    const targetIsSuper = target.roles.includes('SuperAdmin');
    if (!actorIsSuper && targetIsSuper) throw forbidden('Only a SuperAdmin can change a SuperAdmin account');
    if (!actorIsSuper && changes.roles?.includes('SuperAdmin'))
      throw forbidden('Only a SuperAdmin can grant or remove the SuperAdmin role');
    const set: Record<string, unknown> = { updated_at: app.now() };
    const changed =
      changes.roles !== undefined && [...changes.roles].sort().join(',') !== [...target.roles].sort().join(',');
    // Asked only when the roles really change or the account loses its verification (it shuts the
    // owner out of the client area); verifying gives access back and needs none.
    const unverifies = changes.verified === false && target.verified;
    if (changed || unverifies) await assertFreshProof(app, auth, trx);
    if (changes.roles !== undefined) set.roles = textArray(changes.roles);
    if (changes.verified !== undefined) set.verified = changes.verified;
    const row = await trx.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const superAdminsLeft = locked.filter((u) => (u.id === id ? row : u).roles.includes('SuperAdmin')).length;
    if (superAdminsLeft === 0) throw conflict('At least one SuperAdmin must remain');
    return { updated: row, rolesChanged: changed };
  });
  if (rolesChanged) await revokeUserSessions(app, id);
  return updated;
}
