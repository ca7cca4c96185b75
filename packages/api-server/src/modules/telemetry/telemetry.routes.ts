import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { TELEMETRY_BODY_LIMIT } from '@kloof/api-contract';
import { endpoints } from '@kloof/api-contract/endpoints';
import { apiError, badRequest, forbidden } from '../../lib/http-error';
import { authOf, isAdmin } from '../../plugins/auth';
import { utf8JsonParser } from '../../plugins/json-body';
import { route } from '../common/route';
import { recordBatch, summarize, TokenRefused } from './telemetry.service';

const DAY_MS = 24 * 3600 * 1000;

/** 403 for a signed-in user who is neither an Admin nor a system user. */
export const READERS_ONLY = 'Admin, SuperAdmin or system user required';

/** Said when a batch has no valid page-load token for its origin (a beacon does not read it). */
export const TOKEN_REFUSED = 'Telemetry counts only with a page-load token from this site';

/**
 * Error and web-vital telemetry per release. Browsers post batches anonymously (visitors report
 * too) with the token the web server gave their page load; Admins and system users read page
 * loads, errors, error rates and vitals per app version (release:status, release:watch, /system).
 *
 * Not a fastify-plugin on purpose: the text/plain reader below stays inside this module, so
 * text/plain is JSON for POST /v1/telemetry only and every other route keeps refusing it.
 */
const telemetryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // /system shows release health to its users, who need not be Admins (spec: /system is theirs).
  const releaseReaderOnly = async (request: FastifyRequest) => {
    const { user } = authOf(request);
    if (!user.verified) throw apiError(403, 'email_not_confirmed');
    if (!isAdmin(user.roles) && !app.config.systemUserEmails.includes(user.email.toLowerCase())) {
      throw forbidden(READERS_ONLY);
    }
  };

  // navigator.sendBeacon sends a string body as text/plain: a simple request (no CORS preflight).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, utf8JsonParser(app));

  route(app, endpoints.operations.reportTelemetry, {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    preHandler: app.rateLimit('telemetry'),
    // The reader above, for the document.
    schema: { consumes: ['application/json', 'text/plain'] },
    handler: async (request, reply) => {
      try {
        await recordBatch(app.db, app.config.telemetry, request.body, request.headers.origin, app.now());
      } catch (error) {
        if (error instanceof TokenRefused) throw forbidden(TOKEN_REFUSED);
        throw error;
      }
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.operations.getTelemetrySummary, {
    preHandler: releaseReaderOnly,
    handler: async (request) => {
      const now = app.now();
      const since = request.query.since ? new Date(request.query.since) : new Date(now.getTime() - DAY_MS);
      if (Number.isNaN(since.getTime())) throw badRequest('since must be a date-time', 'validation_failed');
      // Reads counters across every app: on the admin lane, under its statement timeout.
      const versions = await app.adminReads.run(authOf(request).user.id, (db) =>
        summarize(db, since, now, request.query.app),
      );
      return { since: since.toISOString(), until: now.toISOString(), versions };
    },
  });
};

export default telemetryRoutes;
