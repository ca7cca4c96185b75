import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PROJECT_STATUSES } from '@kloof/api-contract/constants';
import type { Dashboard } from '@kloof/api-contract';
import { recentLinks } from '../links/links.service';

export async function dashboardFor(app: FastifyInstance, userId: string): Promise<Dashboard> {
  const [ws, statuses, links] = await Promise.all([
    app.db
      .selectFrom('workspaces')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('projects')
      .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
      .select(['projects.status', sql<number>`count(*)::int`.as('n')])
      .where('workspaces.owner_id', '=', userId)
      .groupBy('projects.status')
      .execute(),
    recentLinks(app, userId, 5),
  ]);
  const projectsByStatus = Object.fromEntries(
    PROJECT_STATUSES.map((status) => [status, 0]),
  ) as Dashboard['projectsByStatus'];
  for (const s of statuses) projectsByStatus[s.status] = Number(s.n);
  return { workspaces: Number(ws.n), projectsByStatus, recentLinks: links };
}
