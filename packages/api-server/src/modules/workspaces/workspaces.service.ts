import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import * as newestFirst from '../common/newest-first';
import { assertCan, inMemberWorkspaces, type WorkspaceNeed } from './membership';
import type { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace, WorkspaceListQuery } from '@kloof/api-contract';

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The client area is its members', whatever their site roles: an Admin's own workspaces only (the
 * decision is in the package README), so an id the user is no member of answers 404 as for anyone.
 */
function baseQuery(db: Db, userId: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name', 'w.description', 'w.owner_id', 'w.created_at', 'w.updated_at', 'm.role'])
    .select(newestFirst.exactTime('m.workspace_created_at').as('sort_key'))
    .where('m.user_id', '=', userId);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const toDto = (r: Row, projectCount: number): Workspace => ({
  id: r.id,
  name: r.name,
  description: r.description,
  ownerId: r.owner_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  projectCount,
  role: r.role,
});

/** One page of the member's workspaces, newest first, as the service runs it (EXPLAIN-tested). */
export function listQuery(db: Db, userId: string, page: newestFirst.Page, search: string | undefined) {
  let q = baseQuery(db, userId);
  // A search reads every one of the user's workspaces: by id (any(array)), or PostgreSQL would
  // rather hash-join the whole workspaces table (client-list-plans.test.ts).
  if (search)
    q = q.where('w.name', 'ilike', newestFirst.containing(search)).where(inMemberWorkspaces(db, 'w.id', userId));
  // In the user's memberships' order: (the workspace's created_at, its id), one index range.
  return newestFirst.rowsOf(q, page, 'm', ['workspace_created_at', 'workspace_id']);
}

/**
 * The project counts of the workspaces on a page: one grouped count over their ids (an index
 * range per workspace), not a subquery per row; kept exact rather than in a column every project
 * write would have to update.
 */
export function projectCountQuery(db: Db, workspaceIds: readonly string[]) {
  return db
    .selectFrom('projects')
    .select(['workspace_id', sql<number>`count(*)::int`.as('n')])
    .where('workspace_id', 'in', workspaceIds)
    .groupBy('workspace_id');
}

async function withProjectCounts(db: Db, rows: readonly Row[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const counts = await projectCountQuery(
    db,
    rows.map((r) => r.id),
  ).execute();
  return new Map(counts.map((c) => [c.workspace_id, Number(c.n)]));
}

export async function list(app: FastifyInstance, user: UserRow, query: WorkspaceListQuery) {
  const search = newestFirst.searchTerm(query.search);
  const page = newestFirst.pageOf('workspaces', query, { search });
  const rows = await listQuery(app.db, user.id, page, search).execute();
  const shown = rows.slice(0, page.limit);
  const counts = await withProjectCounts(app.db, shown);
  return newestFirst.itemsOf(rows, page, (r) => toDto(r, counts.get(r.id) ?? 0));
}

export async function get(app: FastifyInstance, user: UserRow, id: string) {
  const row = await baseQuery(app.db, user.id).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Workspace not found');
  const counts = await withProjectCounts(app.db, [row]);
  return toDto(row, counts.get(row.id) ?? 0);
}

/** Throws 404 unless the user is a member (the same answer for another's and for none), 403 when the role falls short. */
export async function assertWorkspaceAccess(
  app: FastifyInstance,
  user: UserRow,
  id: string,
  need: WorkspaceNeed,
): Promise<void> {
  await assertCan(app, user, id, need);
}

/** The refusal of a second workspace of the same name (one owner's names tell them apart in every list). */
export const duplicateWorkspaceName = (name: string) =>
  `You already have a workspace named “${name}”. Please choose another name.`;

/** 409 when the owner already has a workspace of that name, letter case and outer spaces aside. */
async function assertNameFree(app: FastifyInstance, user: UserRow, name: string, except?: string): Promise<void> {
  let query = app.db
    .selectFrom('workspaces')
    .select('id')
    .where('owner_id', '=', user.id)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (except) query = query.where('id', '!=', except);
  if (await query.executeTakeFirst()) throw conflict(duplicateWorkspaceName(name));
}

export async function create(app: FastifyInstance, user: UserRow, input: CreateWorkspaceBody) {
  await assertNameFree(app, user, input.name.trim());
  const now = app.now();
  const id = randomUUID();
  await app.db
    .insertInto('workspaces')
    .values({
      id,
      owner_id: user.id,
      name: input.name.trim(),
      description: input.description?.trim() ?? '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return get(app, user, id);
}

export async function update(app: FastifyInstance, user: UserRow, id: string, input: UpdateWorkspaceBody) {
  await assertWorkspaceAccess(app, user, id, 'manage');
  if (input.name !== undefined) await assertNameFree(app, user, input.name.trim(), id);
  const set: Record<string, unknown> = { updated_at: app.now() };
  if (input.name !== undefined) set.name = input.name.trim();
  if (input.description !== undefined) set.description = input.description.trim();
  await app.db.updateTable('workspaces').set(set).where('id', '=', id).execute();
  return get(app, user, id);
}

/** Deletes the workspace; its projects and links go with it (ON DELETE CASCADE). */
export async function remove(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  await assertWorkspaceAccess(app, user, id, 'manage');
  await app.db.deleteFrom('workspaces').where('id', '=', id).execute();
}
