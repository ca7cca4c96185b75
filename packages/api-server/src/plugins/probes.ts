import fp from 'fastify-plugin';
import { Migrator, sql } from 'kysely';
import { migrationProvider } from '../db/migrations';
import { withinTimeout } from '../modules/health/health.routes';

/** The one word /readyz names when this instance cannot serve (nothing more: no versions, no errors). */
export type NotReadyReason = 'draining' | 'database' | 'migrations' | 'redis';

/**
 * Probes for an orchestrator, outside /v1, its rate limits and the request log:
 * - GET /livez: 200 while the process runs; touches nothing (a database outage is no reason to restart);
 * - GET /readyz: 200 `{ status: 'ready' }` when it can serve (the database answers, every migration
 *   this code knows is applied, Redis answers when REDIS_URL is set); else 503
 *   `{ status: 'not-ready', reason }` with one word, and traffic goes elsewhere until it is.
 */
export default fp(
  async (app) => {
    const migrator = new Migrator({
      db: app.db,
      provider: migrationProvider,
      ...(app.config.databaseSchema ? { migrationTableSchema: app.config.databaseSchema } : {}),
    });
    // Applied migrations are never undone under a running instance: checked until seen once.
    let migrated = false;

    async function notReady(draining: boolean): Promise<NotReadyReason | null> {
      if (draining) return 'draining';
      try {
        await withinTimeout(sql`select 1`.execute(app.db));
      } catch {
        return 'database';
      }
      if (!migrated) {
        try {
          const known = await withinTimeout(migrator.getMigrations());
          migrated = known.every((m) => m.executedAt !== undefined);
        } catch {
          return 'database';
        }
        if (!migrated) return 'migrations';
      }
      const redis = app.limiter.store.ping;
      if (redis) {
        try {
          await withinTimeout(redis());
        } catch {
          return 'redis';
        }
      }
      return null;
    }

    // Not API operations: out of the OpenAPI document (the contract lists every one it holds).
    const probe = { logLevel: 'silent', schema: { hide: true }, config: { answersWhileDraining: true } } as const;
    app.get('/livez', probe, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'live' }),
    );
    app.get('/readyz', probe, async (request, reply) => {
      const reason = await notReady(request.arrivedWhileDraining);
      void reply.header('cache-control', 'no-store');
      return reason ? reply.code(503).send({ status: 'not-ready', reason }) : { status: 'ready' };
    });
  },
  { name: 'probes', dependencies: ['db', 'rate-limit', 'drain'] },
);
