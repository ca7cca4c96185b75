import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OtpPurpose } from '../../db/schema';
import { sql } from 'kysely';
import { hmac, safeEqual } from '../../lib/crypto';

type Deps = Pick<FastifyInstance, 'db' | 'now' | 'config' | 'hashKey'>;

/**
 * Codes are only ever checked together with the e-mail they were sent to, and nothing anyone else
 * does ends a code early: a new request re-sends the live code (or, late in its life, adds one
 * beside it) and wrong tries never void it for the owner. Each client (a known device of the
 * account, or an address) has OTP_MAX_ATTEMPTS tries at one code. Addresses together have this
 * many times more; past that, an address that has not tried the code yet still gets one try (the
 * owner with the mail in hand, on a new network), and a known device keeps its own tries. So a
 * guesser's total per code is bounded by the addresses it has: with 256, 100 + 256 tries.
 * Reset codes keep 8 digits (the reset page asks for 8).
 */
export const OTP_CLIENTS_PER_CODE = 20;

export const OTP_DIGITS: Record<OtpPurpose, number> = { verify: 6, reset: 8 };

/** At most this many live codes of an account are compared with a try (a code is re-sent for half its life). */
const LIVE_CODES_CHECKED = 3;

const codeHash = (app: Deps, purpose: OtpPurpose, code: string) => hmac(app.hashKey, `${purpose}:${code}`);

/**
 * A code's digits, derived from its row id with the server's key: the same code can be mailed
 * again without storing it anywhere in clear text (a copy of the database alone does not give it).
 */
function codeOf(app: Deps, purpose: OtpPurpose, id: string): string {
  const digest = createHmac('sha256', app.hashKey).update(`otp-code:${purpose}:${id}`).digest();
  const space = 10n ** BigInt(OTP_DIGITS[purpose]);
  return (digest.readBigUInt64BE(0) % space).toString().padStart(OTP_DIGITS[purpose], '0');
}

/** Known devices are named `device:<hash>` by the caller; any other client is an address. */
const isKnownDevice = (client: string) => client.startsWith('device:');

export interface IssuedOtp {
  code: string;
  /** Whole minutes the code stays valid, for the mail. */
  minutesLeft: number;
}

/**
 * The code to mail: the account's newest live code while it has at least half its life left,
 * otherwise a new one. Older live codes stay valid until they expire or one is used.
 */
export async function issueOtp(app: Deps, userId: string, purpose: OtpPurpose): Promise<IssuedOtp> {
  const nowMs = app.now().getTime();
  const ttlMs = app.config.otpTtl * 1000;
  const issued = await app.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .selectFrom('otps')
      .select(['id', 'expires_at'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>=', new Date(nowMs + ttlMs / 2))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (fresh) return { id: fresh.id, expiresAt: new Date(fresh.expires_at).getTime() };
    const id = randomUUID();
    await trx
      .insertInto('otps')
      .values({
        id,
        user_id: userId,
        purpose,
        code_hash: codeHash(app, purpose, codeOf(app, purpose, id)),
        expires_at: new Date(nowMs + ttlMs),
        used_at: null,
        created_at: new Date(nowMs),
      })
      .execute();
    return { id, expiresAt: nowMs + ttlMs };
  });
  return {
    code: codeOf(app, purpose, issued.id),
    minutesLeft: Math.max(1, Math.floor((issued.expiresAt - nowMs) / 60_000)),
  };
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
 * One transaction holds the account's live codes locked (FOR UPDATE) while it checks and counts,
 * so concurrent guesses queue up and none gets past a limit (see OTP_CLIENTS_PER_CODE). A try is
 * compared with each live code this client may still try, and a wrong one counts against each. A
 * right code is never counted, so validOtp can check it as often as the page likes; consumed, it
 * ends every live code of its kind on the account. Something that cannot be a code (wrong length,
 * not digits) touches nothing: the per-IP limit counts it.
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
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('otps')
          .innerJoin('users', 'users.id', 'otps.user_id')
          .select('otps.id')
          .where('users.email', '=', check.email.trim().toLowerCase())
          .where('otps.purpose', '=', check.purpose)
          .where('otps.used_at', 'is', null)
          .where('otps.expires_at', '>', now)
          .orderBy('otps.created_at', 'desc')
          .limit(LIVE_CODES_CHECKED),
      )
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (live.length === 0) return null;
    const tries = await trx
      .selectFrom('otp_tries')
      .select(['otp_id', 'wrong'])
      .where(
        'otp_id',
        'in',
        live.map((c) => c.id),
      )
      .where('client', '=', check.client)
      .execute();
    const wrongOf = (id: string) => tries.find((t) => t.otp_id === id)?.wrong ?? 0;
    const open = live.filter((c) => {
      const mine = wrongOf(c.id);
      if (mine >= max) return false;
      return isKnownDevice(check.client) || mine === 0 || c.attempts < max * OTP_CLIENTS_PER_CODE;
    });
    if (open.length === 0) return null;
    const hash = codeHash(app, check.purpose, code);
    const right = open.find((c) => safeEqual(c.code_hash, hash));
    if (right) {
      if (check.consume)
        await trx
          .updateTable('otps')
          .set({ used_at: now })
          .where('user_id', '=', right.user_id)
          .where('purpose', '=', check.purpose)
          .where('used_at', 'is', null)
          .execute();
      return right.user_id;
    }
    for (const c of open) {
      await trx
        .insertInto('otp_tries')
        .values({ otp_id: c.id, client: check.client, wrong: 1 })
        .onConflict((oc) => oc.columns(['otp_id', 'client']).doUpdateSet({ wrong: sql<number>`otp_tries.wrong + 1` }))
        .execute();
      // Known devices' tries are their own: only addresses' count toward the addresses' total.
      if (!isKnownDevice(check.client))
        await trx
          .updateTable('otps')
          .set({ attempts: sql<number>`attempts + 1` })
          .where('id', '=', c.id)
          .execute();
    }
    return null;
  });
}
