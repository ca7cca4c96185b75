import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PROJECT_STATUSES } from '@kloof/api-contract/constants';
import type { Dashboard } from '@kloof/api-contract';
import type { Db } from '../../db/connect';
import { recentLinksQuery, toLinkDto } from '../links/links.service';
import { inScope, listScopeOf, type ListScope } from '../workspaces/membership';

const RECENT_LINKS = 5;

/** What the dashboard reads, each from the member's workspaces' index ranges (EXPLAIN-tested). */
export const dashboardQueries = (db: Db, userId: string, scope: ListScope = 'member') => ({
  workspaces: db
    .selectFrom('workspace_members')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId),
  projectsByStatus: db
    .selectFrom('projects as p')
    .select(['p.status', sql<number>`count(*)::int`.as('n')])
    .where(inScope(db, scope, 'p', userId))
    .groupBy('p.status'),
  recentLinks: recentLinksQuery(db, userId, RECENT_LINKS, scope),
});

export async function dashboardFor(app: FastifyInstance, userId: string): Promise<Dashboard> {
  const queries = dashboardQueries(app.db, userId, await listScopeOf(app.db, userId));
  const [ws, statuses, links] = await Promise.all([
    queries.workspaces.executeTakeFirstOrThrow(),
    queries.projectsByStatus.execute(),
    queries.recentLinks.execute(),
  ]);
  const projectsByStatus = Object.fromEntries(
    PROJECT_STATUSES.map((status) => [status, 0]),
  ) as Dashboard['projectsByStatus'];
  for (const s of statuses) projectsByStatus[s.status] = Number(s.n);
  return { workspaces: Number(ws.n), projectsByStatus, recentLinks: links.map(toLinkDto) };
}
