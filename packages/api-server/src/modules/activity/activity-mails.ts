import type { ActivityKind } from '@kloof/api-contract/constants';
import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../../plugins/mail';
import { NOT_ME_SECONDS, notMeLink } from './not-me-token';

const BRAND = 'Kloof Digital';

/** What each mailed security change says happened. */
const CHANGES: Partial<Record<ActivityKind, string>> = {
  'password-changed': 'Your password was changed',
  'password-reset': 'Your password was reset',
  'second-factor-enabled': 'Sign-in with an authenticator app was turned on',
  'second-factor-disabled': 'Sign-in with an authenticator app was turned off',
  'recovery-codes-renewed': 'New recovery codes were made (the old ones no longer work)',
  'recovery-code-used': 'A recovery code was used to sign in',
  'passkey-added': 'A passkey was added',
  'passkey-removed': 'A passkey was removed',
  'email-changed': 'The e-mail address of your account was changed',
};

export interface SecurityChange {
  kind: ActivityKind;
  at: Date;
  browser: string | null;
  os: string | null;
  address: string | null;
}

/** "A passkey was added on 2026-11-29 13:05 UTC, from Chrome 140 on Linux at 203.0.113.7." */
export function describeChange(change: SecurityChange): string {
  const when = change.at.toISOString().replace('T', ' ').slice(0, 16);
  const device = change.browser ? ` from ${change.browser} on ${change.os ?? 'an unknown system'}` : '';
  const address = change.address ? ` at ${change.address}` : '';
  return `${CHANGES[change.kind] ?? 'Your account changed'} on ${when} UTC${device}${address}.`;
}

/** The words every notice ends with: what the "this was not me" link does, and for how long. */
export function notMeText(link: string): { text: string; html: string } {
  const days = NOT_ME_SECONDS / 86400;
  const what = `it signs your account out on every device and takes you to set a new password. It works once, for ${days} days.`;
  return {
    text: `If this was not you, open this link: ${what}\n${link}`,
    html: `<p>If this was not you, <a href="${link}">tell us it was not you</a>: ${what}</p>`,
  };
}

export function securityChangeMail(to: string, change: SecurityChange, link: string): MailMessage {
  const line = describeChange(change);
  const notMe = notMeText(link);
  return {
    to,
    subject: `Security change on your ${BRAND} account`,
    text: `${line}\n\nIf this was you, there is nothing to do.\n${notMe.text}`,
    html: `<p>${line}</p><p>If this was you, there is nothing to do.</p>${notMe.html}`,
  };
}

/** The security-change notice: each job takes the account's oldest change not mailed yet. */
export function defineActivityMails(app: FastifyInstance): void {
  app.mailQueue.define('security-change', async (to) => {
    const change = await app.db
      .updateTable('activity_events')
      .set({ notice_pending: false })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('activity_events')
          .innerJoin('users', 'users.id', 'activity_events.user_id')
          .select('activity_events.id')
          .where('users.email', '=', to)
          .where('activity_events.notice_pending', '=', true)
          .orderBy('activity_events.at')
          .limit(1),
      )
      .where('notice_pending', '=', true)
      .returning(['user_id', 'kind', 'at', 'browser', 'os', 'address'])
      .executeTakeFirst();
    if (!change) return null;
    return securityChangeMail(to, { ...change, at: new Date(change.at) }, notMeLink(app, change.user_id));
  });
}
