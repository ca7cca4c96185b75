import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Other origins the page loads code or data from (API host, remotes published elsewhere), per request (the same array while unchanged). */
  foreignOrigins: (req: IncomingMessage) => string[];
  /** sha256 hashes of the inline scripts of the index.html served with this request (the same array while unchanged). */
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

/**
 * The headers an answer under /v1 starts with, before the API's own replace them: the baseline and
 * the error CSP (the web server's own answers there show nothing), HSTS under https.
 */
export function apiPathHeaders(https: boolean): (protocol: string) => Readonly<Record<string, string>> {
  const plain = { ...BASELINE_SECURITY_HEADERS, 'content-security-policy': ERROR_CSP };
  const secure = { ...plain, 'strict-transport-security': HSTS };
  return (protocol) => (https || protocol === 'https' ? secure : plain);
}

/** A URL under /v1, which the proxy sends to the API (or answers itself). */
function isApiPath(url: string): boolean {
  return url.startsWith('/v1') && (url.length === 3 || url[3] === '/' || url[3] === '?');
}

/**
 * The page CSP, in helmet's format (its tests and the error answers were written against it):
 * `'self'` plus the inline script hashes of the document served and the origins the page reaches.
 */
export function pageCsp(scriptHashes: readonly string[], origins: string): string {
  const scripts = scriptHashes.map((hash) => `'${hash}'`).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts} ${origins}`,
    "style-src 'self' 'unsafe-inline'", // Emotion injects <style> elements at run time.
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${origins}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');
}

/**
 * Strict headers on every answer: CSP, nosniff, no framing, referrer policy, HSTS on https. Built
 * once per document and registry state (memoised), not per request: the strings only change with a
 * release.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): void {
  // The API's answers carry the API's own CSP (the proxy copies it over this one); the web server's
  // answers under /v1 (404, 413, 502) show nothing, so they get the error CSP without a page lookup.
  const apiHeaders = { ...BASELINE_SECURITY_HEADERS, 'content-security-policy': ERROR_CSP };
  const built = new WeakMap<readonly string[], WeakMap<readonly string[], Record<string, string>>>();
  const headersFor = (req: IncomingMessage) => {
    const hashes = options.scriptHashes(req);
    const origins = options.foreignOrigins(req);
    let byOrigins = built.get(hashes);
    if (!byOrigins) built.set(hashes, (byOrigins = new WeakMap()));
    let headers = byOrigins.get(origins);
    if (!headers) {
      headers = { 'content-security-policy': pageCsp(hashes, origins.join(' ')), ...BASELINE_SECURITY_HEADERS };
      byOrigins.set(origins, headers);
    }
    return headers;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : headersFor(request.raw));
    // Behind a TLS-terminating proxy named in TRUST_PROXY, request.protocol is the client's protocol.
    if (options.https || request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}
