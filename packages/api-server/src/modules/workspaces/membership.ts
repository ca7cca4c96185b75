import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { UserRow, WorkspaceRoleName } from '../../db/schema';
import { apiError, notFound } from '../../lib/http-error';

/** What a call does to a workspace: read it, change its projects and links, or manage it and its members. */
export type WorkspaceNeed = 'read' | 'write' | 'manage';

/** The ids of the workspaces a user is a member of (workspace_members_user_idx). */
const memberWorkspaceIds = (db: Db, userId: string) =>
  db
    .selectFrom('workspace_members')
    .select('workspace_members.workspace_id')
    .where('workspace_members.user_id', '=', userId);

/**
 * Every client list's scope: `column = any(array(<the user's workspace ids>))`. As an array the ids
 * are read first and each list is index ranges of those workspaces; as `in (subquery)` PostgreSQL
 * would rather hash-join and scan the whole table of every client's rows (client-list-plans.test.ts).
 */
export const inMemberWorkspaces = (db: Db, column: string, userId: string) =>
  sql<boolean>`${sql.ref(column)} = any(array(${memberWorkspaceIds(db, userId)}))`;

/**
 * How a user's lists are scoped. 'own' when every workspace they are a member of is theirs
 * (`owner_id`): their rows are then one `owner_id` index range in order (0013), read a page at a
 * time, as for a client with 10,000 workspaces of their own. 'member' when they are in another's
 * workspace: the member workspaces' ranges, one per workspace.
 */
export type ListScope = 'own' | 'member';

export async function listScopeOf(db: Db, userId: string): Promise<ListScope> {
  // Two index-only counts: as many memberships as workspaces owned means every membership is one.
  const [members, owned] = await Promise.all([
    memberWorkspaceIds(db, userId)
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('workspaces')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(members.n) === Number(owned.n) ? 'own' : 'member';
}

/** A list's rows within the scope: `<alias>.owner_id` for 'own', the member workspaces' ids otherwise. */
export const inScope = (db: Db, scope: ListScope, alias: string, userId: string) =>
  scope === 'own'
    ? sql<boolean>`${sql.ref(`${alias}.owner_id`)} = ${userId}`
    : inMemberWorkspaces(db, `${alias}.workspace_id`, userId);

/** The user's role in a workspace, read on every call (no cache: a removed member is out at the next request). */
export async function roleIn(db: Db, userId: string, workspaceId: string): Promise<WorkspaceRoleName | undefined> {
  const row = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * The user's role when it allows `need`: an outsider gets the 404 a missing workspace gets (no
 * enumeration), a viewer's change a 403 (`workspace_read_only`), a non-owner's management a 403.
 */
export async function assertCan(
  app: FastifyInstance,
  user: UserRow,
  workspaceId: string,
  need: WorkspaceNeed,
  missing = 'Workspace not found',
): Promise<WorkspaceRoleName> {
  const role = await roleIn(app.db, user.id, workspaceId);
  if (!role) throw notFound(missing);
  if (need === 'write' && role === 'viewer') throw apiError(403, 'workspace_read_only');
  if (need === 'manage' && role !== 'owner') throw apiError(403, 'workspace_owner_required');
  return role;
}
