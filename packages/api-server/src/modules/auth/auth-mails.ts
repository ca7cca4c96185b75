import type { FastifyInstance } from 'fastify';
import { notMeText } from '../activity/activity-mails';
import { notMeLink } from '../activity/not-me-token';
import { accountKey } from './account-guard';
import { alreadyRegisteredMail, newSignInMail, resetMail, signInLinkMail, verificationMail } from './mails';
import { issueOtp } from './otp.service';
import { SIGN_IN_LINK_SECONDS, signInLinkToken } from './sign-in-link-token';

/** The kinds of mail the auth module queues; the worker composes them (codes are made at send time). */
export type AuthMailKind = 'verify' | 'already-registered' | 'reset' | 'new-sign-in' | 'sign-in-link';

export function defineAuthMails(app: FastifyInstance): void {
  const findUser = (email: string) =>
    app.db.selectFrom('users').select(['id', 'verified']).where('email', '=', email).executeTakeFirst();

  app.mailQueue.define('verify', async (to) => {
    const user = await findUser(to);
    if (!user || user.verified) return null;
    const { code, minutesLeft } = await issueOtp(app, user.id, 'verify');
    return verificationMail(to, code, minutesLeft, app.config.appUrl);
  });
  app.mailQueue.define('already-registered', async (to) => alreadyRegisteredMail(to, app.config.appUrl));
  // Composed from the sign-in that queued it: each job takes one pending notice of the account.
  app.mailQueue.define('new-sign-in', async (to) => {
    const session = await app.db
      .updateTable('session_families')
      .set({ notice_pending: false })
      .where('family_id', '=', (eb) =>
        eb
          .selectFrom('session_families')
          .innerJoin('users', 'users.id', 'session_families.user_id')
          .select('session_families.family_id')
          .where('users.email', '=', to)
          .where('session_families.notice_pending', '=', true)
          .orderBy('session_families.created_at')
          .limit(1),
      )
      .where('notice_pending', '=', true)
      .returning(['user_id', 'browser', 'os', 'ip', 'created_at'])
      .executeTakeFirst();
    if (!session) return null;
    const notMe = notMeText(notMeLink(app, session.user_id));
    return newSignInMail(to, { ...session, at: new Date(session.created_at) }, notMe);
  });
  app.mailQueue.define('reset', async (to) => {
    const user = await findUser(to);
    if (!user) return null;
    const { code, minutesLeft } = await issueOtp(app, user.id, 'reset');
    return resetMail(to, code, minutesLeft, app.config.appUrl);
  });
  // The token goes after '#': browsers never send it to the web server, so no access log keeps it.
  app.mailQueue.define('sign-in-link', async (to) => {
    const user = await findUser(to);
    if (!user) return null;
    const link = `${app.config.appUrl}/auth/sign-in-link#${signInLinkToken(app, user.id)}`;
    return signInLinkMail(to, link, SIGN_IN_LINK_SECONDS / 60);
  });
}

/**
 * Queues an auth mail. Known and unknown addresses take the same path (one counter, one insert):
 * whether there is anything to send is decided later by the worker, off the request path. Past
 * RATE_LIMIT_MAIL_PER_ADDRESS mails to one address from one client per window nothing more is
 * queued (the answer stays the same); other clients, the owner among them, keep their own budget.
 */
export async function queueAuthMail(app: FastifyInstance, kind: AuthMailKind, email: string, ip: string) {
  const { count } = await app.limiter.store.hit(
    `mail:${accountKey(email)}:${ip}`,
    app.limiter.windowMs,
    app.now().getTime(),
  );
  if (count > app.config.rateLimits.mailPerAddress) return;
  await app.mailQueue.enqueue(kind, email);
}
