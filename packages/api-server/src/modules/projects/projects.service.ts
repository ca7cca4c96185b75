import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import * as newestFirst from '../common/newest-first';
import { assertCan, inScope, listScopeOf, type ListScope } from '../workspaces/membership';
import type { CreateProjectBody, Project, ProjectListQuery, UpdateProjectBody } from '@kloof/api-contract';

const iso = (d: Date | string) => new Date(d).toISOString();

/** Projects visible to the user: those of the workspaces they are a member of, whatever their site roles. */
function scoped(db: Db, userId: string, scope: ListScope = 'member') {
  return db
    .selectFrom('projects as p')
    .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
    .innerJoin('workspace_members as m', (join) =>
      join.onRef('m.workspace_id', '=', 'p.workspace_id').on('m.user_id', '=', userId),
    )
    .select(['p.id', 'p.workspace_id', 'p.name', 'p.description', 'p.status', 'p.created_at', 'p.updated_at'])
    .select(['m.role', 'w.name as workspace_name', newestFirst.exactTime('p.created_at').as('sort_key')])
    .where(inScope(db, scope, 'p', userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof scoped>['executeTakeFirstOrThrow']>>;

export const toProjectDto = (r: Row): Project => ({
  id: r.id,
  workspaceId: r.workspace_id,
  workspaceName: r.workspace_name,
  name: r.name,
  description: r.description,
  status: r.status,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  role: r.role,
});

type Filters = Pick<ProjectListQuery, 'workspaceId' | 'status' | 'search'>;

/** One page of the member's projects, newest first, as the service runs it (EXPLAIN-tested). */
export function listQuery(db: Db, userId: string, page: newestFirst.Page, filters: Filters, scope?: ListScope) {
  let q = scoped(db, userId, scope);
  if (filters.workspaceId) q = q.where('p.workspace_id', '=', filters.workspaceId);
  if (filters.status) q = q.where('p.status', '=', filters.status);
  if (filters.search) q = q.where('p.name', 'ilike', newestFirst.containing(filters.search));
  return newestFirst.rowsOf(q, page, 'p');
}

export async function list(app: FastifyInstance, user: UserRow, query: ProjectListQuery) {
  const filters: Filters = {
    workspaceId: query.workspaceId,
    status: query.status,
    search: newestFirst.searchTerm(query.search),
  };
  const scope = await listScopeOf(app.db, user.id);
  return newestFirst.listPage(
    'projects',
    query,
    filters,
    (page) => listQuery(app.db, user.id, page, filters, scope),
    toProjectDto,
  );
}

async function findProject(app: FastifyInstance, user: UserRow, id: string): Promise<Row> {
  const row = await scoped(app.db, user.id).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Project not found');
  return row;
}

/** A viewer sees the project but may not change it (403); the row was found, so the user is a member. */
const assertWritable = (app: FastifyInstance, user: UserRow, project: Row) =>
  assertCan(app, user, project.workspace_id, 'write', 'Project not found');

export async function create(app: FastifyInstance, user: UserRow, input: CreateProjectBody) {
  await assertCan(app, user, input.workspaceId, 'write');
  const now = app.now();
  const id = randomUUID();
  // owner_id is the workspace's, filled in by the database (0013).
  await app.db
    .insertInto('projects')
    .values({
      id,
      workspace_id: input.workspaceId,
      name: input.name.trim(),
      description: input.description?.trim() ?? '',
      status: input.status ?? 'planning',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return get(app, user, id);
}

export async function update(app: FastifyInstance, user: UserRow, id: string, input: UpdateProjectBody) {
  await assertWritable(app, user, await findProject(app, user, id));
  const set: Record<string, unknown> = { updated_at: app.now() };
  if (input.name !== undefined) set.name = input.name.trim();
  if (input.description !== undefined) set.description = input.description.trim();
  if (input.status !== undefined) set.status = input.status;
  await app.db.updateTable('projects').set(set).where('id', '=', id).execute();
  return get(app, user, id);
}

export async function remove(app: FastifyInstance, user: UserRow, id: string): Promise<void> {
  await assertWritable(app, user, await findProject(app, user, id));
  await app.db.deleteFrom('projects').where('id', '=', id).execute();
}

export async function get(app: FastifyInstance, user: UserRow, id: string) {
  return toProjectDto(await findProject(app, user, id));
}
