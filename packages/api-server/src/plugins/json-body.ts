import { isUtf8 } from 'node:buffer';
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, badRequest } from '../lib/http-error';

/** `charset=...` of a Content-Type header, lower case, or undefined. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * The API's one JSON body reader: UTF-8 only (RFC 8259), other charsets and compressed bodies a
 * 415, bytes that are not UTF-8 a 400 instead of being turned into U+FFFD and stored.
 * `__proto__` and `constructor.prototype` keys are refused (Fastify's own parser parses).
 */
export function utf8JsonParser(app: FastifyInstance): FastifyBodyParser<Buffer> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request, bytes, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
      done(new HttpError(415, 'unsupported_media_type', 'Content-Encoding is not supported'), undefined);
      return;
    }
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new HttpError(415, 'unsupported_media_type', 'Content-Type charset must be utf-8'), undefined);
      return;
    }
    if (!isUtf8(bytes)) {
      done(badRequest('Request body must be valid UTF-8', 'invalid_body'), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  };
}

/** The API reads JSON only, as UTF-8 (see utf8JsonParser). */
export default fp(
  async (app) => {
    const parser = utf8JsonParser(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser);
  },
  { name: 'json-body', dependencies: ['errors'] },
);
