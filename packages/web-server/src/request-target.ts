import type { IncomingMessage, ServerResponse } from 'node:http';
import { closingErrorAnswer } from './error-answers';

/**
 * Whether a request target is in origin form (RFC 9112 3.2.1: `/path?query`), the only form a
 * browser sends to a server that is not a proxy. The absolute form (`http://host/path`) would make
 * Fastify route by its path while the proxy resolves the whole URL, and `*` names no resource.
 */
export function isOriginForm(rawUrl: string): boolean {
  return rawUrl.startsWith('/');
}

/**
 * Answers 400 and closes the connection when the request target is not in origin form, before
 * either way to the API (the fast path or the Fastify route) or any file route sees it. True when it answered.
 */
export function refuseOtherTargetForms(req: IncomingMessage, res: ServerResponse, https: boolean): boolean {
  if (isOriginForm(req.url ?? '')) return false;
  const { headers, body } = closingErrorAnswer(400, https);
  res.shouldKeepAlive = false;
  res.writeHead(400, headers).end(req.method === 'HEAD' ? undefined : body);
  return true;
}
