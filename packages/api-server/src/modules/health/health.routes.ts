import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { readPackageVersion } from '../../config/paths';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { CONTRACT_VERSION, SERVED_CONTRACTS } from '@kloof/api-contract/contract-version';
import { endpoints } from '@kloof/api-contract/endpoints';
import { route } from '../common/route';

/** A database that has not answered `select 1` by then counts as unavailable: health must answer fast. */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

export class CheckTimeout extends Error {
  constructor() {
    super(`no answer within ${DATABASE_CHECK_TIMEOUT_MS} ms`);
    this.name = 'CheckTimeout';
  }
}

export function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), DATABASE_CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /v1/health: 200 when this instance can serve, 503 (same body shape) when it cannot, so a load
 * balancer or the web server sends traffic elsewhere:
 * - `status: 'ok'`, `database: 'ok'`, with the mail queue's figures;
 * - `status: 'unavailable'`, `database: 'unavailable'`: the database is away (the API stays up and
 *   recovers by itself when it returns);
 * - `status: 'draining'`: the process is stopping (SIGTERM); `database` is the last state seen;
 * - `status: 'error'`, `database: 'error'`: the database answered with an unexpected error (logged).
 * Every answer says which contract versions this API serves (the release gate and `release:api` read it).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const version = readPackageVersion();
  const contract = { version: CONTRACT_VERSION, serves: SERVED_CONTRACTS };
  route(app, endpoints.operations.getHealth, {
    // Answered by this handler while draining too: the drain's generic 503 body is not a Health body.
    config: { answersWhileDraining: true },
    handler: async (request, reply) => {
      if (request.arrivedWhileDraining) {
        return reply.code(503).send({ status: 'draining', database: app.dbAvailability.state, version, contract });
      }
      try {
        await withinTimeout(sql`select 1`.execute(app.db));
        app.dbAvailability.markAvailable();
        return { status: 'ok', database: 'ok', version, contract, mail: await app.mailQueue.stats() };
      } catch (err) {
        if (err instanceof CheckTimeout || isDatabaseUnavailable(err)) {
          app.dbAvailability.markUnavailable(err);
          return reply.code(503).send({ status: 'unavailable', database: 'unavailable', version, contract });
        }
        app.log.error({ err }, 'health check: unexpected database error');
        return reply.code(503).send({ status: 'error', database: 'error', version, contract });
      }
    },
  });
};

export default healthRoutes;
