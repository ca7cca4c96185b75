import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ProjectRow, UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { assertWorkspaceAccess, ownWorkspaceIds } from '../workspaces/workspaces.service';
import type { CreateProjectBody, Project, ProjectListQuery, UpdateProjectBody } from '@kloof/api-contract';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toProjectDto = (r: ProjectRow): Project => ({
  id: r.id,
  workspaceId: r.workspace_id,
  name: r.name,
  description: r.description,
  status: r.status,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Projects visible to the user: those in workspaces they own, whatever their roles. */
function scoped(app: FastifyInstance, user: UserRow) {
  return app.db.selectFrom('projects').selectAll().where('workspace_id', 'in', ownWorkspaceIds(app, user.id));
}

export async function list(app: FastifyInstance, user: UserRow, filter: ProjectListQuery) {
  let q = scoped(app, user);
  if (filter.workspaceId) q = q.where('projects.workspace_id', '=', filter.workspaceId);
  const rows = await q.orderBy('projects.created_at', 'desc').orderBy('projects.id').execute();
  return rows.map(toProjectDto);
}

export async function findProject(app: FastifyInstance, user: UserRow, id: string): Promise<ProjectRow> {
  const row = await scoped(app, user).where('projects.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Project not found');
  return row;
}

export async function create(app: FastifyInstance, user: UserRow, input: CreateProjectBody) {
  await assertWorkspaceAccess(app, user, input.workspaceId);
  const now = app.now();
  const row = await app.db
    .insertInto('projects')
    .values({
      id: randomUUID(),
      workspace_id: input.workspaceId,
      name: input.name.trim(),
      description: input.description?.trim() ?? '',
      status: input.status ?? 'planning',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProjectDto(row);
}

export async function update(app: FastifyInstance, user: UserRow, id: string, input: UpdateProjectBody) {
  await findProject(app, user, id);
  const set: Record<string, unknown> = { updated_at: app.now() };
  if (input.name !== undefined) set.name = input.name.trim();
  if (input.description !== undefined) set.description = input.description.trim();
  if (input.status !== undefined) set.status = input.status;
  const row = await app.db
    .updateTable('projects')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProjectDto(row);
}

export async function remove(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  await findProject(app, user, id);
  await app.db.deleteFrom('projects').where('id', '=', id).execute();
}

export async function get(app: FastifyInstance, user: UserRow, id: string) {
  return toProjectDto(await findProject(app, user, id));
}
