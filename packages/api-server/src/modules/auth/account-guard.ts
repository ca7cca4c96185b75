import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../lib/crypto';
import { SIGN_IN_HELD_REASON } from '@kloof/api-contract/constants';
import { apiError, HttpError } from '../../lib/http-error';

type Deps = Pick<FastifyInstance, 'limiter' | 'now' | 'config'>;

/** An address a user signed in from (or reset the password from) stays familiar this long. */
const FAMILIAR_MS = 30 * 24 * 3600 * 1000;

/**
 * Keyed on the address typed, not on an account id: unknown addresses are throttled exactly like
 * known ones, so the limits say nothing about which accounts exist.
 */
export const accountKey = (email: string) => sha256(`account:${email.trim().toLowerCase()}`).slice(0, 24);

/**
 * Who is signing in, as far as the limits care: the client's address, and the hash of its device
 * id when that browser is a known device of the account (see ./known-devices).
 */
export interface SignInClient {
  ip: string;
  knownDevice: string | null;
}

/**
 * The 429 of a sign-in held for an account under attack. It says a link went to the mailbox: the
 * owner's way in that no attacker can take away (see ./sign-in-link).
 */
export function signInHeld(resetAt: number, nowMs: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - nowMs) / 1000));
  return apiError(
    429,
    'sign_in_held',
    { reason: SIGN_IN_HELD_REASON, retryAfterSeconds: retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}

export const isSignInHeld = (err: unknown): boolean => err instanceof HttpError && err.code === 'sign_in_held';

/**
 * The per-account layer of sign-in limits. Failures from clients the account does not know are
 * counted together, from every address. Past a few, sign-ins from addresses the account has not
 * used are slowed down progressively (1 s, 2 s, 4 s ... up to a ceiling): one attempt at a time per
 * delay, whoever makes it. That slows the attacker only: a known device of the owner's is counted
 * and slowed on its own (nobody else can present its id), so it signs in from any address, at
 * once, whatever happens elsewhere; addresses the owner used before pass too; and the reset path
 * (which makes its browser and address known) stays open.
 */
export async function admitSignIn(app: Deps, email: string, client: SignInClient): Promise<void> {
  const key = accountKey(email);
  const nowMs = app.now().getTime();
  const scope = client.knownDevice ? `${key}:device:${client.knownDevice}` : key;
  if (!client.knownDevice && (await app.limiter.store.peek(`familiar:${key}:${client.ip}`, nowMs))) return;
  const failures = (await app.limiter.store.peek(`signin-failures:${scope}`, nowMs))?.count ?? 0;
  const { accountFreeFailures, accountMaxDelaySeconds } = app.config.rateLimits;
  if (failures < accountFreeFailures) return;
  const delayMs = Math.min(1000 * 2 ** (failures - accountFreeFailures), accountMaxDelaySeconds * 1000);
  const turn = await app.limiter.store.claim(`signin-turn:${scope}`, delayMs, nowMs);
  if (!turn.ok) throw signInHeld(turn.resetAt, nowMs);
}

/** A known device's failures are its own; every other client's count against the account. */
export async function recordSignInFailure(app: Deps, email: string, client: SignInClient): Promise<void> {
  const key = accountKey(email);
  const scope = client.knownDevice ? `${key}:device:${client.knownDevice}` : key;
  await app.limiter.store.hit(`signin-failures:${scope}`, app.limiter.windowMs, app.now().getTime());
}

/** Remembers an address that proved it belongs to the owner (right password, or a reset code). */
export async function rememberAddress(app: Deps, email: string, ip: string): Promise<void> {
  await app.limiter.store.hit(`familiar:${accountKey(email)}:${ip}`, FAMILIAR_MS, app.now().getTime());
}
