import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorCode } from '@kloof/api-contract/constants';
import { errorAnswerHeaders } from './security-headers';

/**
 * The server's own error answers (bad URL, unknown route, oversized headers, its own failures):
 * one JSON shape, a fixed sentence per status, never a piece of the request echoed back (no
 * reflected input to abuse), and the same security headers as every other answer.
 */

const MESSAGES: Record<number, string> = {
  400: 'The request could not be understood.',
  404: 'Not found',
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  415: 'This type of request body is not accepted here.',
  431: 'The request headers are too large.',
};

/** The contract's error code of each status above (clients decide by it, as for the API's own). */
const CODES: Record<number, ApiErrorCode> = {
  404: 'not_found',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};

/** The body of an error answer of this status: nothing from the request in it. */
export function errorBody(status: number): { statusCode: number; code: ApiErrorCode; error: string; message: string } {
  const error = STATUS_CODES[status] ?? 'Error';
  const message = MESSAGES[status] ?? (status >= 500 ? 'Something went wrong. Please try again.' : error);
  const code = CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
  return { statusCode: status, code, error, message };
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode ?? 500;
  return status >= 400 && status <= 599 ? status : 500;
}

function sendError(reply: FastifyReply, status: number, https: boolean) {
  return reply
    .code(status)
    .headers(errorAnswerHeaders(https || reply.request.protocol === 'https'))
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(status));
}

/** Fastify's frameworkErrors: a URL it cannot decode (`/%ZZ`) never reaches a route or its hooks. */
export function frameworkErrorAnswer(https: boolean) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    void sendError(reply, statusOf(error), https);
  };
}

/** An error answer sent outside Fastify, after which the connection is closed: its headers and body. */
export function closingErrorAnswer(status: number, https: boolean): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(errorBody(status));
  const headers = {
    ...errorAnswerHeaders(https),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  return { headers, body };
}

/**
 * Fastify's clientErrorHandler: Node refused the request before any of it was parsed (headers too
 * large, malformed HTTP, too slow): a raw answer on the socket, then it is closed.
 */
export function clientErrorAnswer(https: boolean) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const { headers, body } = closingErrorAnswer(status, https);
    if (socket.writable) {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/** Unknown routes and errors thrown by handlers: the generic answer of their status (5xx detail to the log only). */
export function registerErrorAnswers(app: FastifyInstance, https: boolean): void {
  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, https));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, https);
  });
}
