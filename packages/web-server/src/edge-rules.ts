import http from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorAnswers } from './error-answers';
import { edgeServerOptions, guardConnections, type EdgeLimits } from './edge-limits';
import { refuseOtherTargetForms } from './request-target';
import { registerSecurityHeaders, type SecurityOptions } from './security-headers';

/**
 * The edge, as Fastify's server options: the HTTP server with the edge's timeouts and connection
 * caps (edge-limits.ts), a request target that is not a path refused before anything routes it
 * (request-target.ts), the client's address from trusted proxies only (client-address.ts), and
 * the server's own error answers for what Fastify or Node refuse (error-answers.ts).
 */
export function edgeServer(options: {
  https: boolean;
  limits: EdgeLimits;
  trust: (address: string, hop: number) => boolean;
  logger: boolean;
}): FastifyServerOptions {
  const { https, limits, trust } = options;
  return {
    logger: options.logger,
    trustProxy: trust,
    // Its own error answers never echo the request and carry the security headers (error-answers.ts).
    frameworkErrors: frameworkErrorAnswer(https),
    clientErrorHandler: clientErrorAnswer(https),
    // The server Fastify would make, with the edge's limits and request-target check.
    serverFactory: (fastifyHandler, serverOptions) => {
      const server = http.createServer(edgeServerOptions(limits), (req, res) => {
        if (!refuseOtherTargetForms(req, res, https)) fastifyHandler(req, res);
      });
      // Fastify's own settings (its defaults filled in), as it applies them to a server it makes.
      const settings = serverOptions as unknown as Record<'connectionTimeout' | 'maxRequestsPerSocket', number>;
      // (The header, keep-alive and request timeouts are the edge's, set above.)
      server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      guardConnections(server, limits, (address) => trust(address, 0));
      return server;
    },
  };
}

/** The rules every answer follows (registered on the root, before the parts): security headers, error answers. */
export function registerEdgeRules(app: FastifyInstance, security: SecurityOptions): void {
  registerErrorAnswers(app, security.https);
  registerSecurityHeaders(app, security);
}
