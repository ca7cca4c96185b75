import type { FastifyInstance } from 'fastify';
import { isTotpOn } from './totp.service';

/**
 * Whether the account has a second factor that is on. Every kind counts: a new kind (a passkey)
 * is one more check here.
 */
export async function hasSecondFactor(app: FastifyInstance, userId: string): Promise<boolean> {
  return isTotpOn(app, userId);
}
