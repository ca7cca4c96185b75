import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OtpPurpose } from '../../db/schema';
import { hmac, randomDigits, safeEqual } from '../../lib/crypto';

type Deps = Pick<FastifyInstance, 'db' | 'now' | 'config' | 'hashKey'>;

/**
 * Verification codes are 6 digits and only ever checked together with the e-mail (so one code
 * has 5 tries). Reset codes are 8 digits because they can also be checked on their own (the reset
 * link carries only the code), where rate limits are the guard.
 */
export const OTP_DIGITS: Record<OtpPurpose, number> = { verify: 6, reset: 8 };

const codeHash = (app: Deps, purpose: OtpPurpose, code: string) => hmac(app.hashKey, `${purpose}:${code}`);

/** Creates a fresh code (any older unused code of the same purpose dies) and returns it in clear text once. */
export async function issueOtp(app: Deps, userId: string, purpose: OtpPurpose): Promise<string> {
  const now = app.now();
  const code = randomDigits(OTP_DIGITS[purpose]);
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otps')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('otps')
      .values({
        id: randomUUID(),
        user_id: userId,
        purpose,
        code_hash: codeHash(app, purpose, code),
        expires_at: new Date(now.getTime() + app.config.otpTtl * 1000),
        used_at: null,
        created_at: now,
      })
      .execute();
  });
  return code;
}

export interface OtpCheck {
  purpose: OtpPurpose;
  code: string;
  /** When given, the code must belong to this account and wrong tries count against its code. */
  email?: string | undefined;
  /** Mark the code used (single use). validOtp only peeks. */
  consume: boolean;
}

/** Returns the user id the code belongs to, or null (wrong, expired, used or out of tries). */
export async function checkOtp(app: Deps, check: OtpCheck): Promise<string | null> {
  const now = app.now();
  const code = check.code.trim();
  if (!/^\d{6,10}$/.test(code)) {
    if (check.email) await countWrongTry(app, check.email, check.purpose);
    return null;
  }
  const hash = codeHash(app, check.purpose, code);
  const live = app.db
    .selectFrom('otps')
    .innerJoin('users', 'users.id', 'otps.user_id')
    .select(['otps.id', 'otps.user_id', 'otps.code_hash'])
    .where('otps.purpose', '=', check.purpose)
    .where('otps.used_at', 'is', null)
    .where('otps.expires_at', '>', now)
    .where('otps.attempts', '<', app.config.otpMaxAttempts);

  const row = check.email
    ? await live
        .where('users.email', '=', check.email.toLowerCase())
        .orderBy('otps.created_at', 'desc')
        .executeTakeFirst()
    : await live.where('otps.code_hash', '=', hash).executeTakeFirst();
  if (!row) return null;
  if (!safeEqual(row.code_hash, hash)) {
    await app.db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    return null;
  }
  if (check.consume) {
    const claimed = await app.db
      .updateTable('otps')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
  }
  return row.user_id;
}

async function countWrongTry(app: Deps, email: string, purpose: OtpPurpose): Promise<void> {
  const now = app.now();
  const user = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (!user) return;
  await app.db
    .updateTable('otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', user.id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}
