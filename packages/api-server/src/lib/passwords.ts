import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { PasswordHashConfig, PasswordQueueConfig } from '../config';
import { addressLine } from './address-line';
import { FairQueue, QueueRefusedError, type Refusal } from './fair-queue';
import { apiError, passwordChecksBusy } from './http-error';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)

/**
 * Whose turn a hash is: the client it is counted for (`ip:<address>`, `device:<hash>`,
 * `user:<id>`), and whether it goes before anonymous clients (a known device, a signed-in user).
 */
export interface HashTurn {
  client: string;
  priority: boolean;
}

/** An anonymous client: its address (an IPv6 address's /64). */
export const addressTurn = (ip: string): HashTurn => ({ client: `ip:${addressLine(ip)}`, priority: false });
/** A known device of the account (its hash): the owner, served before anonymous clients. */
export const deviceTurn = (deviceHash: string): HashTurn => ({ client: `device:${deviceHash}`, priority: true });
/** A signed-in user proving or changing a password: not part of an anonymous flood. */
export const userTurn = (userId: string): HashTurn => ({ client: `user:${userId}`, priority: true });
/** The API's own hashes at start and in the seed. */
export const STARTUP_TURN: HashTurn = { client: 'startup', priority: true };

export interface PasswordHasher {
  hash(password: string, turn: HashTurn): Promise<string>;
  verify(hashed: string, password: string, turn: HashTurn): Promise<boolean>;
  /** Burns the same time as a real verify, for unknown accounts (no timing enumeration). */
  verifyDummy(password: string, turn: HashTurn): Promise<false>;
  /**
   * Throws now what a check for `turn` would be answered (429, 503) if it could not wait its turn,
   * so a flood is refused before the rest of its work (rate-limit count, account reads).
   */
  refuseEarly(turn: HashTurn): void;
  /** Hashes waiting for their turn and running now (the sign-in queue, for /metrics). */
  queueUse(): { waiting: number; running: number };
}

/**
 * argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE): unqueued, a flood of
 * sign-ins filled it and every core, and a real user's hash waited behind the whole flood. Hashes
 * now take turns in a FairQueue, `concurrency` at a time, so a core stays free for the event loop.
 */
export async function createPasswordHasher(
  params: PasswordHashConfig,
  limits: PasswordQueueConfig,
): Promise<PasswordHasher> {
  const options = { algorithm: ARGON2ID, ...params };
  const dummy = await hash('dummy-password-for-timing', options);
  const queue = new FairQueue(limits);
  const verifies = async (hashed: string, password: string) => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  };
  // The client's own flood waits for itself: a 429; everyone's flood: the server is busy.
  const answer = (reason: Refusal) => {
    if (reason !== 'client-full') return passwordChecksBusy();
    const retryAfter = String(Math.max(1, Math.ceil(limits.maxWaitMs / 1000)));
    return apiError(429, 'rate_limited', undefined, { 'retry-after': retryAfter });
  };
  const inTurn = async <T>(turn: HashTurn, task: () => Promise<T>): Promise<T> => {
    try {
      return await queue.run(turn.client, task, { priority: turn.priority });
    } catch (err) {
      throw err instanceof QueueRefusedError ? answer(err.reason) : err;
    }
  };
  return {
    hash: (password, turn) => inTurn(turn, () => hash(password, options)),
    verify: (hashed, password, turn) => inTurn(turn, () => verifies(hashed, password)),
    async verifyDummy(password, turn) {
      await inTurn(turn, () => verifies(dummy, password));
      return false;
    },
    refuseEarly(turn) {
      const reason = queue.refusalFor(turn.client, { priority: turn.priority });
      if (reason) throw answer(reason);
    },
    queueUse: () => ({ waiting: queue.waiting, running: queue.active }),
  };
}
