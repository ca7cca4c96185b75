import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ProjectStatus } from '../../db/schema';
import { recentLinks } from '../links/links.service';

export async function dashboardFor(app: FastifyInstance, userId: string) {
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
  const projectsByStatus: Record<ProjectStatus, number> = { planning: 0, active: 0, on_hold: 0, completed: 0 };
  for (const s of statuses) projectsByStatus[s.status] = Number(s.n);
  return { workspaces: Number(ws.n), projectsByStatus, recentLinks: links };
}
