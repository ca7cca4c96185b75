import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { rowExists } from '../../db/row-exists';
import type { LinkRow, UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { assertWorkspaceAccess, ownWorkspaceIds } from '../workspaces/workspaces.service';
import type { CreateLinkBody, Link, LinkListQuery, UpdateLinkBody } from '@kloof/api-contract';

export const toLinkDto = (r: LinkRow): Link => ({
  id: r.id,
  workspaceId: r.workspace_id,
  projectId: r.project_id,
  title: r.title,
  url: r.url,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Only absolute http(s) URLs: no javascript:, data: or relative links in the client area. */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest('url must be a valid http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be a valid http or https URL');
  return url.toString();
}

/** Links visible to the user: those in workspaces they own, whatever their roles. */
function scoped(app: FastifyInstance, userId: string) {
  return app.db.selectFrom('links').selectAll().where('workspace_id', 'in', ownWorkspaceIds(app, userId));
}

export async function list(app: FastifyInstance, user: UserRow, filter: LinkListQuery) {
  let q = scoped(app, user.id);
  if (filter.workspaceId) q = q.where('links.workspace_id', '=', filter.workspaceId);
  if (filter.projectId) q = q.where('links.project_id', '=', filter.projectId);
  const rows = await q.orderBy('links.created_at', 'desc').orderBy('links.id').execute();
  return rows.map(toLinkDto);
}

export async function recentLinks(app: FastifyInstance, userId: string, limit: number) {
  const rows = await scoped(app, userId).orderBy('links.created_at', 'desc').orderBy('links.id').limit(limit).execute();
  return rows.map(toLinkDto);
}

export async function findLink(app: FastifyInstance, user: UserRow, id: string): Promise<LinkRow> {
  const row = await scoped(app, user.id).where('links.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Link not found');
  return row;
}

async function assertProjectInWorkspace(app: FastifyInstance, projectId: string, workspaceId: string) {
  if (!(await rowExists(app.db, 'projects', { id: projectId, workspace_id: workspaceId }))) {
    throw badRequest('projectId must be a project of the same workspace');
  }
}

export async function create(app: FastifyInstance, user: UserRow, input: CreateLinkBody) {
  const url = normalizeUrl(input.url);
  await assertWorkspaceAccess(app, user, input.workspaceId);
  if (input.projectId) await assertProjectInWorkspace(app, input.projectId, input.workspaceId);
  const row = await app.db
    .insertInto('links')
    .values({
      id: randomUUID(),
      workspace_id: input.workspaceId,
      project_id: input.projectId ?? null,
      title: input.title.trim(),
      url,
      created_at: app.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLinkDto(row);
}

export async function update(app: FastifyInstance, user: UserRow, id: string, input: UpdateLinkBody) {
  const link = await findLink(app, user, id);
  const set: Record<string, unknown> = {};
  if (input.url !== undefined) set.url = normalizeUrl(input.url);
  if (input.title !== undefined) set.title = input.title.trim();
  if (input.projectId !== undefined) {
    if (input.projectId) await assertProjectInWorkspace(app, input.projectId, link.workspace_id);
    set.project_id = input.projectId;
  }
  const row = await app.db.updateTable('links').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  return toLinkDto(row);
}

export async function remove(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  await findLink(app, user, id);
  await app.db.deleteFrom('links').where('id', '=', id).execute();
}

export async function get(app: FastifyInstance, user: UserRow, id: string) {
  return toLinkDto(await findLink(app, user, id));
}
