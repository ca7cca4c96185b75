import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { readPackageVersion } from '../../config/paths';

const Health = Type.Object({ status: Type.String(), database: Type.String(), version: Type.String() });

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const version = readPackageVersion();
  app.get('/health', {
    schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: Health, 503: Health } },
    handler: async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok', database: 'ok', version };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'error', version });
      }
    },
  });
};

export default healthRoutes;
