import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Other origins the page loads code or data from (API host, remotes published elsewhere), per request. */
  foreignOrigins: (req: IncomingMessage) => string[];
  /** sha256 hashes of the inline scripts of the index.html served with this request (the theme script). */
  scriptHashes: (req: IncomingMessage) => string[];
  /** Always send HSTS (the server itself is https); otherwise only for requests that arrived over https. */
  https: boolean;
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Strict headers: CSP, nosniff, no framing, referrer policy, HSTS when on https. */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const origins = (req: IncomingMessage) => options.foreignOrigins(req).join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (req) =>
            options
              .scriptHashes(req as IncomingMessage)
              .map((hash) => `'${hash}'`)
              .join(' '),
          (req) => origins(req as IncomingMessage),
        ],
        // Emotion injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", (req) => origins(req as IncomingMessage)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Behind a TLS-terminating proxy (TRUST_PROXY=1) request.protocol is the client's protocol.
  app.addHook('onSend', async (request, reply) => {
    if (options.https || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
