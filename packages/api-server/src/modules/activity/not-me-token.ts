import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** How long a "this was not me" link works: a notice read after a week away still protects. */
export const NOT_ME_SECONDS = 7 * 24 * 3600;

/** The link of a security notice: signed, bound to the account, single use (its id), NOT_ME_SECONDS long. */
export function notMeLink(app: Pick<FastifyInstance, 'jwt' | 'config'>, userId: string): string {
  const token = app.jwt.sign({ sub: userId, fam: '', typ: 'not-me', jti: randomUUID() }, NOT_ME_SECONDS);
  // After '#': browsers never send it to the web server, so no access log keeps it.
  return `${app.config.appUrl}/auth/not-me#${token}`;
}
