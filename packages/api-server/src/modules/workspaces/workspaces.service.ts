import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { isAdmin } from '../../plugins/auth';
import type { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace } from './workspaces.schemas';

const iso = (d: Date | string) => new Date(d).toISOString();

function baseQuery(app: FastifyInstance, user: UserRow) {
  let q = app.db
    .selectFrom('workspaces as w')
    .select(['w.id', 'w.name', 'w.description', 'w.owner_id', 'w.created_at', 'w.updated_at'])
    .select(sql<number>`(select count(*)::int from projects p where p.workspace_id = w.id)`.as('project_count'));
  if (!isAdmin(user.roles)) q = q.where('w.owner_id', '=', user.id);
  return q;
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const toDto = (r: Row): Workspace => ({
  id: r.id,
  name: r.name,
  description: r.description,
  ownerId: r.owner_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  projectCount: Number(r.project_count),
});

export async function listWorkspaces(app: FastifyInstance, user: UserRow) {
  const rows = await baseQuery(app, user).orderBy('w.created_at', 'desc').orderBy('w.id').execute();
  return rows.map(toDto);
}

export async function getWorkspace(app: FastifyInstance, user: UserRow, id: string) {
  const row = await baseQuery(app, user).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Workspace not found');
  return toDto(row);
}

/** Throws 404 unless the user owns the workspace (admins: any workspace). */
export async function assertWorkspaceAccess(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  let q = app.db.selectFrom('workspaces').select('id').where('id', '=', id);
  if (!isAdmin(user.roles)) q = q.where('owner_id', '=', user.id);
  if (!(await q.executeTakeFirst())) throw notFound('Workspace not found');
}

export async function createWorkspace(app: FastifyInstance, user: UserRow, input: CreateWorkspaceBody) {
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
  return getWorkspace(app, user, id);
}

export async function updateWorkspace(app: FastifyInstance, user: UserRow, id: string, input: UpdateWorkspaceBody) {
  await assertWorkspaceAccess(app, user, id);
  const set: Record<string, unknown> = { updated_at: app.now() };
  if (input.name !== undefined) set.name = input.name.trim();
  if (input.description !== undefined) set.description = input.description.trim();
  await app.db.updateTable('workspaces').set(set).where('id', '=', id).execute();
  return getWorkspace(app, user, id);
}

/** Deletes the workspace; its projects and links go with it (ON DELETE CASCADE). */
export async function deleteWorkspace(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  await assertWorkspaceAccess(app, user, id);
  await app.db.deleteFrom('workspaces').where('id', '=', id).execute();
}
