import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { jsonb, textArray } from '../../db/json';
import { superAdminRow } from '../users/super-admin-row';
import type { UserRow } from '../../db/schema';
import { hmac } from '../../lib/crypto';
import { addressTurn, deviceTurn } from '../../lib/passwords';
import { assertNewPasswordAllowed } from '../../lib/password-strength';
import { apiError, conflict, forbidden } from '../../lib/http-error';
import { toUserDto } from '../users/user.dto';
import { admitSignIn, isSignInHeld, recordSignInFailure, rememberAddress } from './account-guard';
import { knownDevice, rememberDevice } from './known-devices';
import { queueAuthMail } from './auth-mails';
import { checkOtp } from './otp.service';
import { isTotpOn, takeRecoveryCode, takeTotpCode } from '../second-factor/totp.service';
import { admitSecondFactor, recordWrongSecondFactor } from './second-factor-tries';
import type { BootstrapBody, RegisterBody, ResetPasswordBody } from '@kloof/api-contract';
import { revokeUserSessions } from './sessions.service';
import { recordActivity } from '../activity/record';
import { startSignIn, type Caller } from './sign-in-session';
import { issueSignInChallenge, userOfChallenge } from './sign-in-challenge';
import { hasPasskeys } from '../passkeys/passkey-store';
import { mailSignInLink } from './sign-in-link';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const AUTH_MESSAGES = {
  // True whether or not the address already had an account (the mail says which): no enumeration.
  registered: 'Thanks for signing up. Check your e-mail: we sent the next step to your address.',
  forgot: 'If an account exists for this e-mail address, we sent a password reset code to it.',
  confirmationSent: 'If this account exists and is not verified yet, we sent a new verification code.',
  reset: 'Your password has been reset. Please sign in with your new password.',
  verified: 'Your account is verified.',
  deviceApproved: 'This device can sign in now. Enter your password to continue.',
};

export type { Caller } from './sign-in-session';

/**
 * The client a code try is counted for: a known device of the account, or else the address. An
 * unknown device id counts for nothing (anyone can make one up).
 */
async function codeClient(app: FastifyInstance, email: string, caller: Caller): Promise<string> {
  const device = await knownDevice(app, email, caller.device);
  return device ? `device:${device}` : `ip:${caller.ip}`;
}

export async function register(app: FastifyInstance, input: RegisterBody, caller: Caller): Promise<void> {
  const email = normalizeEmail(input.email);
  // Refused the same way whether or not the address has an account.
  assertNewPasswordAllowed(input.password, email, [input.username]);
  const now = app.now();
  const passwordHash = await app.passwords.hash(input.password, addressTurn(caller.ip)); // always hashed: same timing for both paths
  const inserted = await app.db
    .insertInto('users')
    .values({
      id: randomUUID(),
      email,
      username: input.username.trim(),
      full_name: input.fullName?.trim() ?? '',
      company: input.company?.trim() ?? '',
      phone: input.phone?.trim() ?? '',
      signup_message: input.message ?? '',
      password_hash: passwordHash,
      roles: textArray([]),
      verified: false,
      settings: jsonb({ theme: 'system', newsletter: false }),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  // Same work either way: which mail (if any) goes out is decided by the mail worker.
  await queueAuthMail(app, inserted ? 'verify' : 'already-registered', email, caller.ip);
}

/**
 * Signs in with e-mail and password. With an authenticator app on, the password alone gives no
 * session: a short-lived signed challenge instead, to be completed with `completeSecondFactor` (or
 * a passkey of the account, `passkey` says whether it has one: ../passkeys/passkey-sign-in.service).
 */
export async function login(app: FastifyInstance, emailInput: string, password: string, caller: Caller) {
  const email = normalizeEmail(emailInput);
  const client = { ip: caller.ip, knownDevice: await knownDevice(app, email, caller.device) };
  await admitSignIn(app, email, client).catch(async (err: unknown) => {
    // Held for an attack: the owner's way in is the mailbox (./sign-in-link).
    if (isSignInHeld(err)) await mailSignInLink(app, email, caller.ip);
    throw err;
  });
  const user = await app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  // The owner's device goes before a flood of strangers; a stranger waits in its address's line.
  const turn = client.knownDevice ? deviceTurn(client.knownDevice) : addressTurn(caller.ip);
  const ok = user
    ? await app.passwords.verify(user.password_hash, password, turn)
    : await app.passwords.verifyDummy(password, turn);
  if (!user || !ok) {
    await recordSignInFailure(app, email, client);
    throw apiError(401, 'invalid_credentials');
  }
  if (await isTotpOn(app, user.id)) {
    return { challenge: issueSignInChallenge(app, user.id), passkey: await hasPasskeys(app, user.id) } as const;
  }
  return { signedIn: await startSignIn(app, user, caller, 'password') } as const;
}

/** Completes a challenged sign-in with a code from the app, or an unused recovery code. */
export async function completeSecondFactor(app: FastifyInstance, challenge: string, code: string, caller: Caller) {
  const user = await userOfChallenge(app, challenge);
  await admitSecondFactor(app, user.id, challenge);
  const appCode = /^[0-9]{6}$/.test(code);
  const ok = appCode ? await takeTotpCode(app, user.id, code) : await takeRecoveryCode(app, user.id, code);
  if (!ok) {
    await recordWrongSecondFactor(app, user.id);
    throw apiError(401, 'invalid_code');
  }
  return startSignIn(app, user, caller, appCode ? 'authenticator' : 'recovery-code');
}

export async function forgetPassword(app: FastifyInstance, emailInput: string, caller: Caller): Promise<void> {
  await queueAuthMail(app, 'reset', normalizeEmail(emailInput), caller.ip);
}

export async function validOtp(app: FastifyInstance, otp: string, email: string, caller: Caller): Promise<void> {
  const client = await codeClient(app, email, caller);
  const userId = await checkOtp(app, { purpose: 'reset', code: otp, email, client, consume: false });
  if (!userId) throw apiError(400, 'invalid_code');
}

export async function resetPassword(app: FastifyInstance, input: ResetPasswordBody, caller: Caller) {
  if (input.password !== input.passwordConfirm) throw apiError(400, 'passwords_differ');
  const email = normalizeEmail(input.email);
  // Before the code is looked at, so a refused password does not use it up.
  assertNewPasswordAllowed(input.password, email);
  const client = await codeClient(app, email, caller);
  const userId = await checkOtp(app, { purpose: 'reset', code: input.otp, email, client, consume: true });
  if (!userId) throw apiError(400, 'invalid_code');
  const passwordHash = await app.passwords.hash(input.password, addressTurn(caller.ip));
  // The code arrived by e-mail, which also proves the address.
  await app.db
    .updateTable('users')
    .set({ password_hash: passwordHash, verified: true, updated_at: app.now() })
    .where('id', '=', userId)
    .execute();
  await revokeUserSessions(app, userId);
  await recordActivity(app, { userId, kind: 'password-reset', from: caller });
  // The mailed code proved this client is the owner: failures made elsewhere no longer slow it.
  await rememberAddress(app, email, caller.ip);
  await rememberDevice(app, userId, caller.device);
}

export async function resendConfirmation(app: FastifyInstance, emailInput: string, caller: Caller): Promise<void> {
  await queueAuthMail(app, 'verify', normalizeEmail(emailInput), caller.ip);
}

export async function confirmAccount(
  app: FastifyInstance,
  emailInput: string,
  otp: string,
  caller: Caller,
): Promise<UserRow> {
  const email = normalizeEmail(emailInput);
  const client = await codeClient(app, email, caller);
  const userId = await checkOtp(app, { purpose: 'verify', code: otp, email, client, consume: true });
  if (!userId) throw apiError(400, 'invalid_code');
  return app.db
    .updateTable('users')
    .set({ verified: true, updated_at: app.now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export { SUPERADMIN_ROLES } from '../users/super-admin-row';

/** First SuperAdmin from a one-time bootstrap token printed at start (only while none exists). */
export async function bootstrap(app: FastifyInstance, input: BootstrapBody, caller: Pick<Caller, 'ip'>) {
  const email = normalizeEmail(input.email);
  assertNewPasswordAllowed(input.password, email, [input.username]);
  const tokenHash = hmac(app.hashKey, `bootstrap:${input.token.trim()}`);
  const passwordHash = await app.passwords.hash(input.password, addressTurn(caller.ip));
  const now = app.now();
  const user = await app.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7420117)`.execute(trx);
    const superAdmin = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<boolean>`'SuperAdmin' = any(roles)`)
      .executeTakeFirst();
    if (superAdmin) throw forbidden('Bootstrap is closed: a SuperAdmin already exists');
    // Only the newest token is kept (a start replaces older ones), and only until it expires.
    const token = await trx
      .selectFrom('bootstrap_tokens')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!token) throw apiError(401, 'bootstrap_token_invalid');
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw conflict('An account with this e-mail address already exists');
    await trx.updateTable('bootstrap_tokens').set({ used_at: now }).where('used_at', 'is', null).execute();
    return trx
      .insertInto('users')
      .values(superAdminRow({ email, username: input.username.trim(), passwordHash, now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toUserDto(user);
}
