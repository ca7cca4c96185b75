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

/**
 * The one framing policy: no page of this site may be framed by anyone (clickjacking), said the
 * same way in the CSP (`frame-ancestors 'none'`) and in X-Frame-Options for older browsers.
 */
export const FRAME_OPTIONS = 'DENY';

/**
 * The headers every answer carries, error answers included, besides its CSP and HSTS: what helmet
 * sends with the options below (a test compares them with a normal answer's, so they cannot drift).
 */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': FRAME_OPTIONS,
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The CSP of an error answer: it shows nothing, so it may load nothing and be framed by no one. */
export const ERROR_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Every security header of an error answer this server makes itself (400, 404, 431, 5xx). */
export function errorAnswerHeaders(https: boolean): Record<string, string> {
  return {
    ...BASELINE_SECURITY_HEADERS,
    'content-security-policy': ERROR_CSP,
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

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
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // Behind a TLS-terminating proxy named in TRUST_PROXY, request.protocol is the client's protocol.
  app.addHook('onSend', async (request, reply) => {
    if (options.https || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
