import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** How long a mailed sign-in link works. */
export const SIGN_IN_LINK_SECONDS = 900;

/** A sign-in link's token: signed, bound to the account, single use (its id), short-lived (see ./sign-in-link). */
export const signInLinkToken = (app: Pick<FastifyInstance, 'jwt'>, userId: string): string =>
  app.jwt.sign({ sub: userId, fam: '', typ: 'sign-in-link', jti: randomUUID() }, SIGN_IN_LINK_SECONDS);
