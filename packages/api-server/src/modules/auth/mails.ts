import type { MailMessage } from '../../plugins/mail';

const BRAND = 'Kloof Digital';

/** `minutes`: how long the code stays valid (a code mailed again has less of its life left). */
export function verificationMail(to: string, code: string, minutes: number, appUrl: string): MailMessage {
  return {
    to,
    code,
    subject: `Verify your ${BRAND} account`,
    text:
      `Your ${BRAND} verification code is ${code}.\n\n` +
      // The link carries the address, so the page opens with it filled in.
      `Enter it at ${appUrl}/auth/account-verification?email=${encodeURIComponent(to)} within ${minutes} minutes.\n` +
      `If you did not create an account, you can ignore this e-mail.`,
  };
}

export function alreadyRegisteredMail(to: string, appUrl: string): MailMessage {
  return {
    to,
    subject: `You already have a ${BRAND} account`,
    text:
      `Someone (hopefully you) tried to sign up with this e-mail address, but you already have an account.\n\n` +
      `Sign in at ${appUrl}/auth/login, or reset your password at ${appUrl}/auth/forgetPassword.`,
  };
}

/** `notMe`: the "this was not me" words and link (../activity/activity-mails notMeText). */
export function newSignInMail(
  to: string,
  session: { browser: string; os: string; ip: string; at: Date },
  notMe: { text: string; html: string },
): MailMessage {
  const when = session.at.toISOString().replace('T', ' ').slice(0, 16);
  const line = `${session.browser} on ${session.os}, from ${session.ip}, at ${when} UTC`;
  const intro = `Your ${BRAND} account was signed in to from a device it has not seen before:`;
  return {
    to,
    subject: `New sign-in to your ${BRAND} account`,
    text: `${intro}\n\n  ${line}\n\nIf this was you, there is nothing to do.\n${notMe.text}`,
    html: `<p>${intro}</p><p>${line}</p><p>If this was you, there is nothing to do.</p>${notMe.html}`,
  };
}

export function resetMail(to: string, code: string, minutes: number, appUrl: string): MailMessage {
  // The link carries the address too: a code is only valid together with the account it was sent to.
  const link = `${appUrl}/auth/resetPassword/${code}?email=${encodeURIComponent(to)}`;
  return {
    to,
    code,
    subject: `Reset your ${BRAND} password`,
    text:
      `Your password reset code is ${code}. It is valid for ${minutes} minutes.\n\n` +
      `Reset your password here: ${link}\n\n` +
      `If you did not ask for a reset, you can ignore this e-mail; your password has not changed.`,
    html:
      `<p>Your password reset code is <strong>${code}</strong>. It is valid for ${minutes} minutes.</p>` +
      `<p><a href="${link}">Reset your password</a></p>` +
      `<p>If you did not ask for a reset, you can ignore this e-mail; your password has not changed.</p>`,
  };
}

export function signInLinkMail(to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: `Sign in to your ${BRAND} account`,
    text:
      `Someone (hopefully you) could not sign in to your ${BRAND} account: sign-in is paused after many failed attempts.\n\n` +
      `To sign in on the device you are using, open this link on it within ${minutes} minutes, then sign in with your password:\n${link}\n\n` +
      `The link works once. If this was not you, someone is guessing your password: you need not do anything, ` +
      `but a long, unique password keeps them out.`,
    html:
      `<p>Someone (hopefully you) could not sign in to your ${BRAND} account: sign-in is paused after many failed attempts.</p>` +
      `<p>To sign in on the device you are using, open this link on it within ${minutes} minutes, then sign in with your password:</p>` +
      `<p><a href="${link}">Sign in on this device</a></p>` +
      `<p>The link works once. If this was not you, someone is guessing your password: you need not do anything, ` +
      `but a long, unique password keeps them out.</p>`,
  };
}
