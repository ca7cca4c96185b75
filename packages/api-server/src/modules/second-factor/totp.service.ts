import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import type { UserRow } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { apiError, conflict } from '../../lib/http-error';
import type { Db } from '../../db/connect';
import { openTotpSecret } from './seal-secrets';

const ISSUER = 'Kloof Digital';
const RECOVERY_CODES = 10;
/** The time step of a code, the key URI format's default that every authenticator app uses. */
const STEP_SECONDS = 30;
export const TOTP_ERRORS = {
  alreadyOn: 'The authenticator app is already turned on.',
  notStarted: 'Set up the authenticator app first.',
  notOn: 'The authenticator app is not turned on.',
};

/** The time step a code belongs to (now, one before or one after), or null if it is no valid code. */
function stepOf(app: FastifyInstance, secret: string, code: string): number | null {
  // otplib 13 throws on a token that is not 6 digits; such a code is simply not a valid one.
  if (!/^[0-9]{6}$/.test(code)) return null;
  const epoch = app.now().getTime() / 1000;
  // The injected clock, and ±1 step (30 s of tolerance) for clocks that drift a little.
  const result = verifySync({ secret, token: code, epoch, epochTolerance: STEP_SECONDS });
  return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
}

/**
 * Accepts a code once: the step is stored only if it is later than the last one used, in one
 * statement, so two requests racing with the same code cannot both pass.
 */
export async function spendTotpCode(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  await app.limiter.consume(`totp:${userId}`, app.config.rateLimits.otp);
  return takeTotpCode(app, userId, code);
}

/** spendTotpCode without the per-account limit, for a caller that limits tries its own way (sign-in). */
export async function takeTotpCode(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  const row = await app.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  const step = stepOf(app, openTotpSecret(app.totpSecrets, row.secret, userId), code);
  if (step === null) return false;
  const taken = await app.db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Uses one recovery code of the user, once; counted with the codes against guessing. */
export async function spendRecoveryCode(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  await app.limiter.consume(`totp:${userId}`, app.config.rateLimits.otp);
  return takeRecoveryCode(app, userId, code);
}

/** spendRecoveryCode without the per-account limit, for a caller that limits tries its own way (sign-in). */
export async function takeRecoveryCode(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  const used = await app.db
    .updateTable('totp_recovery_codes')
    .set({ used_at: app.now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(normalizeRecovery(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

/** Ten random codes like "k3m9q-7xw2p" (50 bits each): only their hashes are kept. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** `db`: the caller's transaction when it holds one. */
export async function isTotpOn(app: FastifyInstance, userId: string, db: Db = app.db): Promise<boolean> {
  const row = await db.selectFrom('user_totp').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return !!row?.enabled_at;
}

export async function totpStatus(app: FastifyInstance, userId: string) {
  const left = await app.db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: await isTotpOn(app, userId), recoveryCodesLeft: Number(left.n) };
}

/** A new key (replacing an unconfirmed one): the only time it leaves the server. */
export async function enrolTotp(app: FastifyInstance, user: UserRow) {
  if (await isTotpOn(app, user.id)) throw conflict(TOTP_ERRORS.alreadyOn);
  const secret = generateSecret({ length: 20 }); // 160 bits, as RFC 4226 recommends
  const now = app.now();
  // Stored sealed, bound to this user: a copy of the database alone does not give it away.
  const sealed = app.totpSecrets.seal(secret, user.id);
  await app.db
    .insertInto('user_totp')
    .values({ user_id: user.id, secret: sealed, enabled_at: null, last_step: null, created_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret: sealed, enabled_at: null, last_step: null, created_at: now }),
    )
    .execute();
  const uri = generateURI({ issuer: ISSUER, label: user.email, secret });
  return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri) };
}

/** Turns the app on with a first code from it; returns ten new recovery codes, once. */
export async function confirmTotp(app: FastifyInstance, userId: string, code: string) {
  const row = await app.db
    .selectFrom('user_totp')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw conflict(TOTP_ERRORS.notStarted);
  if (row.enabled_at) throw conflict(TOTP_ERRORS.alreadyOn);
  if (!(await spendTotpCode(app, userId, code))) throw apiError(400, 'invalid_code');
  return app.db.transaction().execute(async (trx) => {
    await trx.updateTable('user_totp').set({ enabled_at: app.now() }).where('user_id', '=', userId).execute();
    return { recoveryCodes: await replaceRecoveryCodes(trx, userId) };
  });
}

/** Ten new recovery codes in place of every old one (used or not): returned once, only hashes kept. */
async function replaceRecoveryCodes(trx: Db, userId: string): Promise<string[]> {
  const recoveryCodes = newRecoveryCodes();
  await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('totp_recovery_codes')
    .values(recoveryCodes.map((c) => ({ user_id: userId, code_hash: sha256(normalizeRecovery(c)), used_at: null })))
    .execute();
  return recoveryCodes;
}

/** New recovery codes for an app that is on (the route asks for a fresh proof first). */
export async function regenerateRecoveryCodes(app: FastifyInstance, userId: string) {
  return app.db.transaction().execute(async (trx) => {
    // Locks the row: a concurrent turn-off cannot leave codes behind for an app that is off.
    const on = await trx
      .selectFrom('user_totp')
      .select('enabled_at')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!on?.enabled_at) throw conflict(TOTP_ERRORS.notOn);
    return { recoveryCodes: await replaceRecoveryCodes(trx, userId) };
  });
}

/** Turns the app off (the route asks for a fresh proof first: a stolen token is not enough). */
export async function disableTotp(app: FastifyInstance, userId: string) {
  if (!(await isTotpOn(app, userId))) throw conflict(TOTP_ERRORS.notOn);
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  });
}
