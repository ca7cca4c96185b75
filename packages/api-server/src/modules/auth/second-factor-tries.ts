import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto';
import { apiError } from '../../lib/http-error';

type Deps = Pick<FastifyInstance, 'limiter' | 'now' | 'config'>;

const challengeTries = (challenge: string) => `second-factor-tries:${sha256(challenge)}`;
const accountWrong = (userId: string) => `second-factor-wrong:${userId}`;

/**
 * Admits one code for the second factor of a sign-in. Tries are counted per password step (its
 * challenge), OTP_MAX_ATTEMPTS each: codes someone else sends on their own challenge never touch
 * the owner's. Across the account, past RATE_LIMIT_OTP wrong codes in a window, a challenge gets
 * one try only: a guesser who has the password is held to one guess per password step (each
 * counted by the per-address sign-in limit), while the owner's right code still gets in on the
 * first try of a new password step. A spent challenge answers signInExpired: start again.
 */
export async function admitSecondFactor(app: Deps, userId: string, challenge: string): Promise<void> {
  const nowMs = app.now().getTime();
  const wrong = (await app.limiter.store.peek(accountWrong(userId), nowMs))?.count ?? 0;
  const allowed = wrong >= app.config.rateLimits.otp ? 1 : app.config.otpMaxAttempts;
  // One atomic count per try: concurrent tries on one challenge cannot pass the limit together.
  const { count } = await app.limiter.store.hit(challengeTries(challenge), app.limiter.windowMs, nowMs);
  if (count > allowed) throw apiError(401, 'sign_in_expired');
}

/** Counts a wrong code against the account's overall budget (see admitSecondFactor). */
export async function recordWrongSecondFactor(app: Deps, userId: string): Promise<void> {
  await app.limiter.store.hit(accountWrong(userId), app.limiter.windowMs, app.now().getTime());
}
