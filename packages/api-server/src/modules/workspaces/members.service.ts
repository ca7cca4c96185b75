import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { WorkspaceMember, WorkspaceMemberListQuery, WorkspaceMemberPage } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import type { UserRow, WorkspaceRoleName } from '../../db/schema';
import { apiError, notFound } from '../../lib/http-error';
import * as newestFirst from '../common/newest-first';
import { assertCan } from './membership';

const iso = (d: Date | string) => new Date(d).toISOString();

function membersQuery(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id as id', 'u.email', 'u.username', 'm.role', 'm.added_at'])
    .select(newestFirst.exactTime('m.added_at').as('sort_key'))
    .where('m.workspace_id', '=', workspaceId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof membersQuery>['executeTakeFirstOrThrow']>>;

const toMember = (r: MemberRow): WorkspaceMember => ({
  userId: r.id,
  email: r.email,
  username: r.username,
  role: r.role,
  addedAt: iso(r.added_at),
});

/** A workspace's members, newest first: any member may read who else is in it. */
export async function listMembers(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  query: WorkspaceMemberListQuery,
): Promise<WorkspaceMemberPage> {
  await assertCan(app, user, workspaceId, 'read');
  return newestFirst.listPage(
    `members:${workspaceId}`,
    query,
    {},
    (page) => newestFirst.rowsOf(membersQuery(app.db, workspaceId), page, 'm', ['added_at', 'user_id']),
    toMember,
  );
}

/**
 * Runs a change of a workspace's members under its row lock and checks afterwards that an owner
 * is left: two owners each leaving or demoting the other at the same moment take turns, and the
 * second finds itself the last owner (409), so a workspace never has none.
 */
async function withOwnersKept<T>(app: FastifyInstance, workspaceId: string, change: (trx: Db) => Promise<T>) {
  return app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().executeTakeFirst();
    const result = await change(trx);
    const owners = await trx
      .selectFrom('workspace_members')
      .select(['user_id'])
      .where('workspace_id', '=', workspaceId)
      .where('role', '=', 'owner')
      .orderBy('added_at')
      .execute();
    if (!owners.length) throw apiError(409, 'last_owner');
    // The projects and links carry an owner's id (0013): one who is not an owner any more hands it on.
    await trx
      .updateTable('workspaces')
      .set({ owner_id: owners[0]!.user_id })
      .where('id', '=', workspaceId)
      .where(
        'owner_id',
        'not in',
        owners.map((o) => o.user_id),
      )
      .execute();
    return result;
  });
}

async function memberOf(db: Db, workspaceId: string, userId: string) {
  const row = await membersQuery(db, workspaceId).where('m.user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Member not found');
  return row;
}

/** An owner changes a member's role (their own too, while another owner is left). */
export async function changeRole(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  memberId: string,
  role: WorkspaceRoleName,
): Promise<WorkspaceMember> {
  await assertCan(app, user, workspaceId, 'manage');
  return withOwnersKept(app, workspaceId, async (trx) => {
    await memberOf(trx, workspaceId, memberId);
    await trx
      .updateTable('workspace_members')
      .set({ role })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', memberId)
      .execute();
    return toMember(await memberOf(trx, workspaceId, memberId));
  });
}

/** An owner removes a member; any member removes themself (leaves). The last owner can do neither. */
export async function removeMember(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  memberId: string,
): Promise<void> {
  await assertCan(app, user, workspaceId, memberId === user.id ? 'read' : 'manage');
  await withOwnersKept(app, workspaceId, async (trx) => {
    await memberOf(trx, workspaceId, memberId);
    await trx
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', memberId)
      .execute();
  });
}

/** How many owners a workspace has (tests and the admin view). */
export const ownerCount = async (db: Db, workspaceId: string) =>
  Number(
    (
      await db
        .selectFrom('workspace_members')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The workspaces a user is a member of, newest workspace first, for an admin's view of the user. */
export async function userWorkspaces(db: Db, userId: string, query: WorkspaceMemberListQuery) {
  return newestFirst.listPage(
    `user-workspaces:${userId}`,
    query,
    {},
    (page) =>
      newestFirst.rowsOf(
        db
          .selectFrom('workspace_members as m')
          .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
          .select(['m.workspace_id as id', 'w.name', 'm.role', 'm.added_at'])
          .select((eb) =>
            eb
              .selectFrom('workspace_members as all')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('all.workspace_id', '=', 'm.workspace_id')
              .as('member_count'),
          )
          .select(newestFirst.exactTime('m.workspace_created_at').as('sort_key'))
          .where('m.user_id', '=', userId),
        page,
        'm',
        ['workspace_created_at', 'workspace_id'],
      ),
    (r) => ({
      workspaceId: r.id,
      name: r.name,
      role: r.role,
      addedAt: iso(r.added_at),
      memberCount: Number(r.member_count ?? 0),
    }),
  );
}
