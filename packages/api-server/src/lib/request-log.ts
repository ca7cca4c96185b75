import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when the answer has gone: method, path, client address (the
 * socket's, or X-Forwarded-For from a trusted proxy), status and milliseconds, with the request id
 * pino adds. Fastify's default wrote two lines per request ("incoming request", then "request
 * completed"), which doubled the log (issue 25: 63 MB in 35 minutes of testing) for nothing the
 * second line could not say.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      ip: request.ip,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An answer that could not be sent whole (socket error) stays an error line, as Fastify logs it.
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
