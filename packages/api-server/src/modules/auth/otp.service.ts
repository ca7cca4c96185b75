import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OtpPurpose } from '../../db/schema';
import { sql } from 'kysely';
import { hmac, randomDigits } from '../../lib/crypto';

type Deps = Pick<FastifyInstance, 'db' | 'now' | 'config' | 'hashKey' | 'limiter'>;

/**
 * Codes are only ever checked together with the e-mail they were sent to. Each client (a known
 * device of the account, or an address) has OTP_MAX_ATTEMPTS tries at one code, so wrong guesses
 * sent by someone else never use up the owner's tries. All clients together have this many times
 * more wrong tries before the code dies: a guesser with many addresses still meets an end.
 * Reset codes keep 8 digits (the reset page asks for 8).
 */
export const OTP_CLIENTS_PER_CODE = 20;

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
  /** The account the code was sent to: a code is only ever checked against that account's code. */
  email: string;
  /** Who tries: `device:<hash>` for a known device of the account, else `ip:<address>`. */
  client: string;
  /** Mark the code used (single use). validOtp only peeks. */
  consume: boolean;
}

/**
 * Returns the user id the code belongs to, or null (wrong, expired, used or out of tries).
 *
 * Every try first takes one of the client's tries at the account's newest live code (an atomic
 * counter, so concurrent guesses cannot pass the limit). Then one conditional UPDATE on that code
 * counts a wrong try, or marks a right one used, only while all clients together have wrong tries
 * left; PostgreSQL re-checks `attempts < max` on the locked row. Something that cannot be a code
 * (wrong length, not digits) touches nothing: the per-IP limit counts it.
 */
export async function checkOtp(app: Deps, check: OtpCheck): Promise<string | null> {
  const code = check.code.trim();
  if (code.length !== OTP_DIGITS[check.purpose] || !/^\d+$/.test(code)) return null;
  const now = app.now();
  const live = await app.db
    .selectFrom('otps')
    .innerJoin('users', 'users.id', 'otps.user_id')
    .select('otps.id')
    .where('users.email', '=', check.email.trim().toLowerCase())
    .where('otps.purpose', '=', check.purpose)
    .where('otps.used_at', 'is', null)
    .where('otps.expires_at', '>', now)
    .orderBy('otps.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live) return null;
  const tries = await app.limiter.store.hit(
    `otp-tries:${live.id}:${check.client}`,
    app.config.otpTtl * 1000,
    now.getTime(),
  );
  if (tries.count > app.config.otpMaxAttempts) return null;
  const matches = sql<boolean>`code_hash = ${codeHash(app, check.purpose, code)}`;
  const row = await app.db
    .updateTable('otps')
    .set({
      attempts: sql<number>`attempts + case when ${matches} then 0 else 1 end`,
      ...(check.consume
        ? { used_at: sql<Date | null>`case when ${matches} then ${now}::timestamptz else null end` }
        : {}),
    })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', app.config.otpMaxAttempts * OTP_CLIENTS_PER_CODE)
    .returning(['user_id', matches.as('matched')])
    .executeTakeFirst();
  return row?.matched ? row.user_id : null;
}
