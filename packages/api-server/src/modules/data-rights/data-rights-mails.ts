import type { MailMessage } from '../../plugins/mail';
import { notMeText } from '../activity/activity-mails';

const BRAND = 'Kloof Digital';

const utcDay = (at: Date) => `${at.toISOString().slice(0, 10)} (UTC)`;

/** To the new address: the one-use link; the change happens only when it is opened. */
export function emailChangeConfirmMail(to: string, link: string, hours: number): MailMessage {
  return {
    to,
    subject: `Confirm your new ${BRAND} e-mail address`,
    text:
      `Someone (hopefully you) asked to use this address for their ${BRAND} account.\n\n` +
      `To make the change, open this link within ${hours} hours, in the browser where you are signed in:\n${link}\n\n` +
      `The link works once. If you did not ask for this, ignore this e-mail: nothing changes.`,
    html:
      `<p>Someone (hopefully you) asked to use this address for their ${BRAND} account.</p>` +
      `<p>To make the change, open this link within ${hours} hours, in the browser where you are signed in:</p>` +
      `<p><a href="${link}">Confirm my new e-mail address</a></p>` +
      `<p>The link works once. If you did not ask for this, ignore this e-mail: nothing changes.</p>`,
  };
}

/** To the new address when another account has it: no link, and the asker's answer looked the same. */
export function emailChangeTakenMail(to: string, appUrl: string): MailMessage {
  return {
    to,
    subject: `This address already has a ${BRAND} account`,
    text:
      `Someone asked to move their ${BRAND} account to this e-mail address, but this address already belongs to an account, ` +
      `so nothing was changed.\n\n` +
      `If that account is yours, sign in at ${appUrl}/auth/login (or reset its password at ${appUrl}/auth/forgetPassword). ` +
      `If you did not ask for anything, you can ignore this e-mail.`,
  };
}

/**
 * To the current address, at the request: the change's one security notice. Its "this was not me"
 * link (../activity) signs every device out and drops the pending change before it can be confirmed.
 */
export function emailChangeNoticeMail(to: string, newEmail: string, notMeLink: string): MailMessage {
  const line = `A change of your ${BRAND} account's e-mail address to ${newEmail} was asked for. It happens when the link we sent to that address is opened.`;
  const notMe = notMeText(notMeLink);
  const stops = 'It also stops the change.';
  return {
    to,
    subject: `Your ${BRAND} e-mail address is being changed`,
    text: `${line}\n\nIf this was you, there is nothing to do.\n${notMe.text}\n${stops}`,
    html: `<p>${line}</p><p>If this was you, there is nothing to do.</p>${notMe.html}<p>${stops}</p>`,
  };
}

export function deletionScheduledMail(to: string, eraseAfter: Date, graceDays: number, appUrl: string): MailMessage {
  return {
    to,
    subject: `Your ${BRAND} account will be deleted`,
    text:
      `You asked us to delete your ${BRAND} account. It is kept for ${graceDays} days, then its personal data is erased ` +
      `on or after ${utcDay(eraseAfter)}.\n\n` +
      `Changed your mind? Sign in at ${appUrl}/auth/login before then: signing in cancels the deletion.\n` +
      `What is erased and what is kept: ${appUrl}/docs#your-data.`,
  };
}

export function deletionCancelledMail(to: string, how: 'sign-in' | 'admin', appUrl: string): MailMessage {
  const why = how === 'sign-in' ? 'because the account was signed in to' : 'by our support team';
  return {
    to,
    subject: `Your ${BRAND} account will not be deleted`,
    text:
      `The deletion of your ${BRAND} account was cancelled ${why}. Your account and its data stay as they were.\n\n` +
      `If you still want it deleted, ask again in Settings at ${appUrl}/user/settings. ` +
      `If you did not sign in, reset your password at ${appUrl}/auth/forgetPassword.`,
  };
}
