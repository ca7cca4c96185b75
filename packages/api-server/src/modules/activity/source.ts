import type { FastifyRequest } from 'fastify';
import { authOf } from '../../plugins/auth';
import type { ActivitySource } from './record';

/** Where a signed-in request's change came from: its address and its session's device. */
export const signedInSource = (request: FastifyRequest): ActivitySource => ({
  ip: request.ip,
  familyId: authOf(request).familyId,
  userAgent: request.headers['user-agent'],
});
