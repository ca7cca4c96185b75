import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto';
import { tooManyRequests } from '../../plugins/rate-limit';

type Deps = Pick<FastifyInstance, 'limiter' | 'now' | 'config'>;

/** An address a user signed in from (or reset the password from) stays familiar this long. */
const FAMILIAR_MS = 30 * 24 * 3600 * 1000;

/**
 * Keyed on the address typed, not on an account id: unknown addresses are throttled exactly like
 * known ones, so the limits say nothing about which accounts exist.
 */
export const accountKey = (email: string) => sha256(`account:${email.trim().toLowerCase()}`).slice(0, 24);

/**
 * The per-account layer of sign-in limits. Failures on an account are counted from every
 * address. Past a few, sign-ins from addresses the account has not used are slowed down
 * progressively (1 s, 2 s, 4 s ... up to a ceiling): one attempt at a time per delay, whoever
 * makes it. Addresses the owner signed in from before are not slowed by failures made elsewhere,
 * and the reset path (which makes its address familiar) stays open, so an attacker can slow an
 * account down but cannot lock its owner out.
 */
export async function admitSignIn(app: Deps, email: string, ip: string): Promise<void> {
  const key = accountKey(email);
  const nowMs = app.now().getTime();
  if (await app.limiter.store.peek(`familiar:${key}:${ip}`, nowMs)) return;
  const failures = (await app.limiter.store.peek(`signin-failures:${key}`, nowMs))?.count ?? 0;
  const { accountFreeFailures, accountMaxDelaySeconds } = app.config.rateLimits;
  if (failures < accountFreeFailures) return;
  const delayMs = Math.min(1000 * 2 ** (failures - accountFreeFailures), accountMaxDelaySeconds * 1000);
  const turn = await app.limiter.store.claim(`signin-turn:${key}`, delayMs, nowMs);
  if (!turn.ok) throw tooManyRequests(turn.resetAt, nowMs);
}

export async function recordSignInFailure(app: Deps, email: string): Promise<void> {
  await app.limiter.store.hit(`signin-failures:${accountKey(email)}`, app.limiter.windowMs, app.now().getTime());
}

/** Remembers an address that proved it belongs to the owner (right password, or a reset code). */
export async function rememberAddress(app: Deps, email: string, ip: string): Promise<void> {
  await app.limiter.store.hit(`familiar:${accountKey(email)}:${ip}`, FAMILIAR_MS, app.now().getTime());
}
