import type { FastifyInstance } from 'fastify';
import { apiError } from '../../lib/http-error';
import { accountKey } from './account-guard';
import { queueAuthMail } from './auth-mails';
import { rememberDevice } from './known-devices';
import { SIGN_IN_LINK_SECONDS } from './sign-in-link-token';
/** At most one sign-in link mail per account this often, whoever's sign-in was held: no mail flood. */
const LINK_MAIL_EVERY_MS = 60_000;

/**
 * Mails the account a sign-in link, at most once a minute however many sign-ins are held: the
 * owner finds a live one in the mailbox within a minute. Unknown addresses take the same path
 * (the mail worker sends nothing for them), so the answer says nothing about which accounts exist.
 */
export async function mailSignInLink(app: FastifyInstance, email: string, ip: string): Promise<void> {
  const turn = await app.limiter.store.claim(
    `sign-in-link-mail:${accountKey(email)}`,
    LINK_MAIL_EVERY_MS,
    app.now().getTime(),
  );
  if (turn.ok) await queueAuthMail(app, 'sign-in-link', email, ip);
}

/**
 * Uses a sign-in link once: the browser that opened it becomes a known device of the account, so
 * failures made elsewhere no longer hold its sign-in. The password is still asked: the link alone
 * (a forwarded mail, a mailbox read by someone else) gives no session. Returns the account's address.
 */
export async function redeemSignInLink(app: FastifyInstance, token: string, device: string): Promise<string> {
  const verified = app.jwt.verify(token, 'sign-in-link');
  if (!verified.ok || !verified.claims.jti) throw apiError(400, 'sign_in_link_invalid');
  const once = await app.limiter.store.claim(
    `sign-in-link-used:${verified.claims.jti}`,
    SIGN_IN_LINK_SECONDS * 1000,
    app.now().getTime(),
  );
  if (!once.ok) throw apiError(400, 'sign_in_link_invalid');
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', verified.claims.sub)
    .executeTakeFirst();
  if (!user) throw apiError(400, 'sign_in_link_invalid');
  await rememberDevice(app, user.id, device);
  return user.email;
}
