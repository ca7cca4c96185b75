import type { FastifyInstance } from 'fastify';
import { notMeLink } from '../activity/not-me-token';
import {
  deletionCancelledMail,
  deletionScheduledMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  emailChangeTakenMail,
} from './data-rights-mails';
import { EMAIL_CHANGE_LINK_HOURS, emailChangeToken } from './email-change.service';

/** Composes the data-rights mails from what the database says when the worker sends them. */
export function defineDataRightsMails(app: FastifyInstance): void {
  const { appUrl } = app.config;
  /** The newest change waiting for this new address. */
  const pendingTo = (to: string) =>
    app.db
      .selectFrom('email_changes')
      .select('id')
      .where('new_email', '=', to)
      .where('used_at', 'is', null)
      .where('expires_at', '>', app.now())
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();

  // The token goes after '#': browsers never send it to the web server, so no access log keeps it.
  app.mailQueue.define('email-change-confirm', async (to) => {
    const change = await pendingTo(to);
    if (!change) return null;
    const taken = await app.db.selectFrom('users').select('id').where('email', '=', to).executeTakeFirst();
    if (taken) return emailChangeTakenMail(to, appUrl);
    const link = `${appUrl}/user/profile#email-change=${emailChangeToken(app, change.id)}`;
    return emailChangeConfirmMail(to, link, EMAIL_CHANGE_LINK_HOURS);
  });
  app.mailQueue.define('email-change-notice', async (to) => {
    const change = await app.db
      .selectFrom('email_changes')
      .innerJoin('users', 'users.id', 'email_changes.user_id')
      .select(['email_changes.new_email', 'email_changes.user_id'])
      .where('users.email', '=', to)
      .orderBy('email_changes.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return change ? emailChangeNoticeMail(to, change.new_email, notMeLink(app, change.user_id)) : null;
  });
  app.mailQueue.define('deletion-scheduled', async (to) => {
    const deletion = await app.db
      .selectFrom('account_deletions')
      .innerJoin('users', 'users.id', 'account_deletions.user_id')
      .select('account_deletions.erase_after')
      .where('users.email', '=', to)
      .executeTakeFirst();
    return deletion
      ? deletionScheduledMail(to, new Date(deletion.erase_after), app.config.deletionGraceDays, appUrl)
      : null;
  });
  app.mailQueue.define('deletion-cancelled', async (to) => deletionCancelledMail(to, 'sign-in', appUrl));
  app.mailQueue.define('deletion-cancelled-by-admin', async (to) => deletionCancelledMail(to, 'admin', appUrl));
}
