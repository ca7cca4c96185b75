import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema';
import { apiError } from '../../lib/http-error';
import { isTotpOn } from '../second-factor/totp.service';

/** How long a sign-in waits for its second factor after the right password. */
const CHALLENGE_SECONDS = 300;

/**
 * The password was right, a second factor is due: a signed, short-lived challenge (never a
 * session). Its own id makes each one unique, so what is bound to it (a passkey ceremony) belongs
 * to this password step only, even for two steps in the same second.
 */
export const issueSignInChallenge = (app: FastifyInstance, userId: string): string =>
  app.jwt.sign({ sub: userId, fam: '', typ: 'challenge', jti: randomUUID() }, CHALLENGE_SECONDS);

/**
 * The user a challenge was issued to, while it is live and the account still asks for a second
 * factor; otherwise the sign-in starts again from the password.
 */
export async function userOfChallenge(app: FastifyInstance, challenge: string): Promise<UserRow> {
  const verified = app.jwt.verify(challenge, 'challenge');
  if (!verified.ok) throw apiError(401, 'sign_in_expired');
  const user = await app.db.selectFrom('users').selectAll().where('id', '=', verified.claims.sub).executeTakeFirst();
  if (!user || !(await isTotpOn(app, user.id))) throw apiError(401, 'sign_in_expired');
  return user;
}
