import type { FastifyInstance } from 'fastify';
import { apiError } from '../../lib/http-error';
import { issueOtp } from '../auth/otp.service';
import { revokeUserSessions } from '../auth/sessions.service';
import { NOT_ME_SECONDS } from './not-me-token';
import { recordActivity, type ActivitySource } from './record';

/**
 * Uses a "this was not me" link once: every session of the account ends (refresh and access tokens),
 * a pending e-mail change is dropped (its link stops working) and a reset code is made for the page
 * to set a new password with. The link came to the account's mailbox, as a reset code would, so
 * handing the code to whoever opened it gives nothing more.
 */
export async function redeemNotMe(app: FastifyInstance, token: string, from: ActivitySource) {
  const verified = app.jwt.verify(token, 'not-me');
  if (!verified.ok || !verified.claims.jti) throw apiError(400, 'not_me_link_invalid');
  const once = await app.limiter.store.claim(
    `not-me-used:${verified.claims.jti}`,
    NOT_ME_SECONDS * 1000,
    app.now().getTime(),
  );
  if (!once.ok) throw apiError(400, 'not_me_link_invalid');
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', verified.claims.sub)
    .executeTakeFirst();
  if (!user) throw apiError(400, 'not_me_link_invalid');
  await revokeUserSessions(app, user.id);
  await app.db.deleteFrom('email_changes').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
  await recordActivity(app, { userId: user.id, kind: 'not-me', from });
  const { code } = await issueOtp(app, user.id, 'reset');
  return { email: user.email, code };
}
