import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../lib/http-error';
import { utf8JsonParser } from '../../plugins/json-body';
import { TELEMETRY_BODY_LIMIT } from '@kloof/api-contract';
import { endpoints } from '@kloof/api-contract/endpoints';
import { route } from '../common/route';
import { recordEvents, summarize } from './telemetry.service';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Error telemetry per release. Browsers post batches anonymously (visitors report too);
 * Admins read page loads, errors and error rates per app version (release:status, /system,
 * release:watch).
 *
 * Not a fastify-plugin on purpose: the text/plain reader below stays inside this module, so
 * text/plain is JSON for POST /v1/telemetry only and every other route keeps refusing it.
 */
const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // navigator.sendBeacon sends a string body as text/plain: a simple request (no CORS preflight).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, utf8JsonParser(app));

  route(app, endpoints.operations.reportTelemetry, {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    preHandler: app.rateLimit('telemetry'),
    // The reader above, for the document.
    schema: { consumes: ['application/json', 'text/plain'] },
    handler: async (request, reply) => {
      await recordEvents(app.db, request.body.events, app.now());
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.operations.getTelemetrySummary, {
    handler: async (request) => {
      const now = app.now();
      const since = request.query.since ? new Date(request.query.since) : new Date(now.getTime() - DAY_MS);
      if (Number.isNaN(since.getTime())) throw badRequest('since must be a date-time');
      const versions = await summarize(app.db, since, request.query.app);
      return { since: since.toISOString(), until: now.toISOString(), versions };
    },
  });
};

export default telemetryRoutes;
