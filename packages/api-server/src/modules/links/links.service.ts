import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { rowExists } from '../../db/row-exists';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import * as newestFirst from '../common/newest-first';
import { assertCan, inScope, listScopeOf, type ListScope } from '../workspaces/membership';
import type { CreateLinkBody, Link, LinkListQuery, UpdateLinkBody } from '@kloof/api-contract';

/** Only absolute http(s) URLs: no javascript:, data: or relative links in the client area. */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest('url must be a valid http or https URL', 'validation_failed');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('url must be a valid http or https URL', 'validation_failed');
  return url.toString();
}

/** Links visible to the user: those of the workspaces they are a member of, whatever their site roles. */
function scoped(db: Db, userId: string, scope: ListScope = 'member') {
  return db
    .selectFrom('links as l')
    .innerJoin('workspaces as w', 'w.id', 'l.workspace_id')
    .innerJoin('workspace_members as m', (join) =>
      join.onRef('m.workspace_id', '=', 'l.workspace_id').on('m.user_id', '=', userId),
    )
    .leftJoin('projects as p', 'p.id', 'l.project_id')
    .select(['l.id', 'l.workspace_id', 'l.project_id', 'l.title', 'l.url', 'l.created_at'])
    .select([
      'm.role',
      'w.name as workspace_name',
      'p.name as project_name',
      newestFirst.exactTime('l.created_at').as('sort_key'),
    ])
    .where(inScope(db, scope, 'l', userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof scoped>['executeTakeFirstOrThrow']>>;

export const toLinkDto = (r: Row): Link => ({
  id: r.id,
  workspaceId: r.workspace_id,
  workspaceName: r.workspace_name,
  projectId: r.project_id,
  projectName: r.project_name,
  title: r.title,
  url: r.url,
  createdAt: new Date(r.created_at).toISOString(),
  role: r.role,
});

type Filters = Pick<LinkListQuery, 'workspaceId' | 'projectId' | 'search'>;

/** One page of the member's links, newest first, as the service runs it (EXPLAIN-tested). */
export function listQuery(db: Db, userId: string, page: newestFirst.Page, filters: Filters, scope?: ListScope) {
  let q = scoped(db, userId, scope);
  if (filters.workspaceId) q = q.where('l.workspace_id', '=', filters.workspaceId);
  if (filters.projectId) q = q.where('l.project_id', '=', filters.projectId);
  const search = filters.search;
  if (search)
    q = q.where((eb) =>
      eb.or([
        eb('l.title', 'ilike', newestFirst.containing(search)),
        eb('l.url', 'ilike', newestFirst.containing(search)),
      ]),
    );
  return newestFirst.rowsOf(q, page, 'l');
}

export async function list(app: FastifyInstance, user: UserRow, query: LinkListQuery) {
  const filters: Filters = {
    workspaceId: query.workspaceId,
    projectId: query.projectId,
    search: newestFirst.searchTerm(query.search),
  };
  const scope = await listScopeOf(app.db, user.id);
  return newestFirst.listPage(
    'links',
    query,
    filters,
    (page) => listQuery(app.db, user.id, page, filters, scope),
    toLinkDto,
  );
}

/** The member's newest links (the dashboard's), as the service runs it (EXPLAIN-tested). */
export const recentLinksQuery = (db: Db, userId: string, limit: number, scope?: ListScope) =>
  scoped(db, userId, scope).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(limit);

async function findLink(app: FastifyInstance, user: UserRow, id: string): Promise<Row> {
  const row = await scoped(app.db, user.id).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Link not found');
  return row;
}

/** A viewer sees the link but may not change it (403); the row was found, so the user is a member. */
const assertWritable = (app: FastifyInstance, user: UserRow, link: Row) =>
  assertCan(app, user, link.workspace_id, 'write', 'Link not found');

async function assertProjectInWorkspace(app: FastifyInstance, projectId: string, workspaceId: string) {
  if (!(await rowExists(app.db, 'projects', { id: projectId, workspace_id: workspaceId }))) {
    throw badRequest('projectId must be a project of the same workspace', 'validation_failed');
  }
}

export async function create(app: FastifyInstance, user: UserRow, input: CreateLinkBody) {
  const url = normalizeUrl(input.url);
  await assertCan(app, user, input.workspaceId, 'write');
  if (input.projectId) await assertProjectInWorkspace(app, input.projectId, input.workspaceId);
  const id = randomUUID();
  await app.db
    .insertInto('links')
    .values({
      id,
      workspace_id: input.workspaceId,
      project_id: input.projectId ?? null,
      title: input.title.trim(),
      url,
      created_at: app.now(),
    })
    .execute();
  return get(app, user, id);
}

export async function update(app: FastifyInstance, user: UserRow, id: string, input: UpdateLinkBody) {
  const link = await findLink(app, user, id);
  await assertWritable(app, user, link);
  const set: Record<string, unknown> = {};
  if (input.url !== undefined) set.url = normalizeUrl(input.url);
  if (input.title !== undefined) set.title = input.title.trim();
  if (input.projectId !== undefined) {
    if (input.projectId) await assertProjectInWorkspace(app, input.projectId, link.workspace_id);
    set.project_id = input.projectId;
  }
  await app.db.updateTable('links').set(set).where('id', '=', id).execute();
  return get(app, user, id);
}

export async function remove(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  await assertWritable(app, user, await findLink(app, user, id));
  await app.db.deleteFrom('links').where('id', '=', id).execute();
}

export async function get(app: FastifyInstance, user: UserRow, id: string) {
  return toLinkDto(await findLink(app, user, id));
}
