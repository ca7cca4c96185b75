import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { API_ERRORS, badRequest, forbidden, HttpError } from '../../lib/http-error';
import { authOf, isAdmin } from '../../plugins/auth';
import { utf8JsonParser } from '../../plugins/json-body';
import { errors } from '../common/schemas';
import { TELEMETRY_BODY_LIMIT, TelemetryBatch, TelemetrySummary, TelemetrySummaryQuery } from './telemetry.schemas';
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
    if (!user.verified) throw forbidden(API_ERRORS.notVerified);
    if (!isAdmin(user.roles) && !app.config.systemUserEmails.includes(user.email.toLowerCase())) {
      throw forbidden(READERS_ONLY);
    }
  };

  // navigator.sendBeacon sends a string body as text/plain: a simple request (no CORS preflight).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, utf8JsonParser(app));

  app.post('/telemetry', {
    bodyLimit: TELEMETRY_BODY_LIMIT,
    preHandler: app.rateLimit('telemetry'),
    schema: {
      tags: ['telemetry'],
      summary: 'Report page loads and failures of app versions (batched, by sendBeacon)',
      description:
        'Anonymous, from a page of the site: JSON as application/json or text/plain (what ' +
        "navigator.sendBeacon sends) with the page load's token (GET /telemetry-token on the web " +
        'server) and an Origin equal to the site that issued it. One vote per browser, app version ' +
        'and kind per five-minute window; only counters per app, version, kind and window are kept.',
      consumes: ['application/json', 'text/plain'],
      body: TelemetryBatch,
      response: {
        204: { type: 'null', description: 'Read (votes already cast or over a cap count nothing)' },
        ...errors(400, 403, 413, 415, 429),
      },
    },
    handler: async (request, reply) => {
      try {
        await recordBatch(app.db, app.config.telemetry, request.body, request.headers.origin, app.now());
      } catch (error) {
        if (error instanceof TokenRefused) throw new HttpError(403, TOKEN_REFUSED);
        throw error;
      }
      return reply.code(204).send();
    },
  });

  app.get('/telemetry/summary', {
    preHandler: [app.requireUser, releaseReaderOnly],
    schema: {
      tags: ['telemetry', 'admin', 'system'],
      summary: 'Page loads, errors, error rate and web vitals per app version (Admins and system users)',
      security: [{ bearerAuth: [] }],
      querystring: TelemetrySummaryQuery,
      response: { 200: TelemetrySummary, ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      const now = app.now();
      const since = request.query.since ? new Date(request.query.since) : new Date(now.getTime() - DAY_MS);
      if (Number.isNaN(since.getTime())) throw badRequest('since must be a date-time');
      const versions = await summarize(app.db, since, now, request.query.app);
      return { since: since.toISOString(), until: now.toISOString(), versions };
    },
  });
};

export default telemetryRoutes;
