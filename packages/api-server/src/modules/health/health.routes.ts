import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { readPackageVersion } from '../../config/paths';
import { Health } from './health.schemas';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const version = readPackageVersion();
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness, database and mail queue', response: { 200: Health, 503: Health } },
    handler: async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok', database: 'ok', version, mail: await app.mailQueue.stats() };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'error', version });
      }
    },
  });
};

export default healthRoutes;
