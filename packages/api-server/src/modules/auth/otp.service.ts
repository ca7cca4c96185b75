import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OtpPurpose } from '../../db/schema';
import { sql } from 'kysely';
import { hmac, randomDigits, safeEqual } from '../../lib/crypto';

type Deps = Pick<FastifyInstance, 'db' | 'now' | 'config' | 'hashKey'>;

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
 * One transaction holds the account's newest live code locked (FOR UPDATE) while it checks and
 * counts, so concurrent guesses queue up and none gets past a limit: the client's own wrong tries
 * (OTP_MAX_ATTEMPTS) and all clients' together. A right code is marked used when consumed; it is
 * never counted, so validOtp can check it as often as the page likes. Something that cannot be a
 * code (wrong length, not digits) touches nothing: the per-IP limit counts it.
 */
export async function checkOtp(app: Deps, check: OtpCheck): Promise<string | null> {
  const code = check.code.trim();
  if (code.length !== OTP_DIGITS[check.purpose] || !/^\d+$/.test(code)) return null;
  const now = app.now();
  const max = app.config.otpMaxAttempts;
  return app.db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom('otps')
      .select(['id', 'user_id', 'code_hash', 'attempts'])
      .where('id', '=', (eb) =>
        eb
          .selectFrom('otps')
          .innerJoin('users', 'users.id', 'otps.user_id')
          .select('otps.id')
          .where('users.email', '=', check.email.trim().toLowerCase())
          .where('otps.purpose', '=', check.purpose)
          .where('otps.used_at', 'is', null)
          .orderBy('otps.created_at', 'desc')
          .limit(1),
      )
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .forUpdate()
      .executeTakeFirst();
    if (!live || live.attempts >= max * OTP_CLIENTS_PER_CODE) return null;
    const mine = await trx
      .selectFrom('otp_tries')
      .select('wrong')
      .where('otp_id', '=', live.id)
      .where('client', '=', check.client)
      .executeTakeFirst();
    if ((mine?.wrong ?? 0) >= max) return null;
    if (safeEqual(live.code_hash, codeHash(app, check.purpose, code))) {
      if (check.consume) await trx.updateTable('otps').set({ used_at: now }).where('id', '=', live.id).execute();
      return live.user_id;
    }
    await trx
      .insertInto('otp_tries')
      .values({ otp_id: live.id, client: check.client, wrong: 1 })
      .onConflict((oc) => oc.columns(['otp_id', 'client']).doUpdateSet({ wrong: sql<number>`otp_tries.wrong + 1` }))
      .execute();
    await trx
      .updateTable('otps')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', live.id)
      .execute();
    return null;
  });
}
