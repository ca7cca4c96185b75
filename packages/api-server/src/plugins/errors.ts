import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PHONE_PATTERN } from '@kloof/api-contract/constants';
import { isDatabaseBusy, isDatabaseUnavailable, unavailableReason } from '../db/unavailable';
import { ERROR_TEXTS, HttpError, databaseBusy, databaseUnavailable, type ApiErrorCode } from '../lib/http-error';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Names come from the request (paths 20,000 levels deep, keys of any length): keep messages short. */
function shorten(name: string): string {
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}

function fieldName(dataVar: string, issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return shorten(path || dataVar);
}

/** Turns an ajv error into one clear sentence naming the field, e.g. "password must be at least 8 characters long". */
export function describeValidationIssue(dataVar: string, issue: ValidationIssue): string {
  const field = fieldName(dataVar, issue);
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return `${issue.instancePath ? `${field}.` : ''}${shorten(String(p.missingProperty))} is required`;
    case 'additionalProperties':
      return `${issue.instancePath ? `${field}.` : ''}${shorten(String(p.additionalProperty))} is not allowed`;
    case 'minLength':
      if (p.limit === 1) return `${field} must not be empty`;
      return `${field} must be at least ${String(p.limit)} characters long`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters long`;
    case 'format':
      return `${field} must be a valid ${String(p.format)}`;
    case 'enum':
      return `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'type':
      return `${field} must be of type ${String(p.type)}`;
    case 'minimum':
    case 'maximum':
      return `${field} ${issue.message ?? 'is out of range'}`;
    case 'minProperties':
      return `${field} must contain at least one field to change`;
    case 'maxItems':
      return `${field} must have at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return `${field} must not contain duplicates`;
    case 'pattern':
      // The one pattern people type into; the others (ids, versions) only programs send.
      if (p.pattern === PHONE_PATTERN) return `${field} must be a valid phone number`;
      return `${field} ${issue.message ?? 'is invalid'}`;
    default:
      return `${field} ${issue.message ?? 'is invalid'}`;
  }
}

/**
 * Errors Fastify answers before any plugin runs (`frameworkErrors` server option), in the same body
 * shape: a path that is not percent-encoded UTF-8 (`/v1/users/%ZZ`) would otherwise get Fastify's own.
 */
export function frameworkErrorHandler(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  // Fastify's own texts repeat the whole URL back: name the problem instead.
  const message =
    err.code === 'FST_ERR_BAD_URL'
      ? 'URL path must be valid percent-encoded UTF-8'
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'URL path parameter is too long'
        : err.message;
  return reply
    .code(status)
    .send({ statusCode: status, code: 'bad_request', message, error: STATUS_CODES[status] ?? 'Error' });
}

/**
 * Requests Node's HTTP parser refused (raw bytes in the URL, headers too large, too slow): Fastify's
 * own answer on the socket (`clientErrorHandler` server option), with the error's code added.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ApiErrorCode, string] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'Client Timeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'Exceeded maximum allowed HTTP header size']
        : [400, 'bad_request', 'Client Error'];
  const error = STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({ statusCode: status, code, message, error });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${error}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The code of an error Fastify raised (not one of ours): by what went wrong, else by its status. */
function frameworkCode(fe: FastifyError, status: number): ApiErrorCode {
  if (fe.validation) return 'validation_failed';
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'body_too_large';
  if (status >= 500) return 'internal_error';
  if (status === 400)
    return fe.code?.startsWith('FST_ERR_CTP_') || fe instanceof SyntaxError ? 'invalid_body' : 'bad_request';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'bad_request';
}

/** Every error leaves as `{ statusCode, code, message, error, feedback? }`; never a stack, never a 500 for bad input. */
export default fp(
  async (app) => {
    app.setSchemaErrorFormatter((errors, dataVar) => {
      const first = errors[0] as unknown as ValidationIssue | undefined;
      const err = new Error(first ? describeValidationIssue(dataVar, first) : `${dataVar} is invalid`);
      return err;
    });

    app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
      let err = thrown;
      // The client hung up while sending its body: Node says ECONNRESET, as for a cut database
      // connection, but nothing is wrong on this side and nobody is left to answer.
      if (request.raw.readableAborted) {
        request.log.info({ reason: unavailableReason(err) }, 'request aborted by the client');
        return reply.code(400).send({
          statusCode: 400,
          code: 'request_aborted',
          message: ERROR_TEXTS.request_aborted,
          error: 'Bad Request',
        });
      }
      // The database went away (stopped, restarting, connection cut): a clear 503, not a 500 with a
      // stack per request; the outage itself is logged once by dbAvailability.
      if (!(err instanceof HttpError) && isDatabaseUnavailable(err)) {
        app.dbAvailability.markUnavailable(err);
        err = databaseUnavailable();
      } else if (!(err instanceof HttpError) && isDatabaseBusy(err)) {
        // There, but this request's statement ran out of time (a lock held elsewhere, a slow plan).
        request.log.warn({ reason: unavailableReason(err) }, 'database statement ended at its time limit');
        err = databaseBusy();
      }
      if (err instanceof HttpError) {
        if (err.headers) reply.headers(err.headers);
        const body: Record<string, unknown> = {
          statusCode: err.statusCode,
          code: err.code,
          message: err.message,
          error: err.error,
        };
        if (err.feedback !== undefined) body.feedback = err.feedback;
        return reply.code(err.statusCode).send(body);
      }
      const fe = err as FastifyError;
      let status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
      if (fe.validation) status = 400;
      let message = fe.message;
      if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = 'Content-Type must be application/json';
      else if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'Request body must not be empty';
      else if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') message = 'Request body is not valid JSON';
      else if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = ERROR_TEXTS.body_too_large;
      else if (status === 400 && err instanceof SyntaxError) message = 'Request body is not valid JSON';
      if (status >= 500) {
        request.log.error({ err }, 'unhandled error');
        message = 'Internal server error';
      }
      const code = frameworkCode(fe, status);
      return reply.code(status).send({ statusCode: status, code, message, error: STATUS_CODES[status] ?? 'Error' });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send({
        statusCode: 404,
        code: 'route_not_found',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        error: 'Not Found',
      });
    });
  },
  { name: 'errors' },
);
