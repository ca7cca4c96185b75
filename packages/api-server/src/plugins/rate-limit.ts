// Why not `rate-limiter-flexible` (11.1.0, source read 2026-11-29): its RateLimiterPostgres runs the
// same fixed-window upsert as databaseStore below, but through a `pg` Pool, Knex, Sequelize or TypeORM
// (`query({ name, text, values })`), not Kysely on PGlite, the default store; it creates its table
// itself outside the migrations and prunes it on its own timer beside the pruning job; and it reads
// Date.now(), where these stores take the API's clock (app.now(), which the tests move). `claim`
// holds on the API's clock across instances, which its Redis TTLs (Redis's clock) do not give.
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect';
import { Availability } from '../lib/availability';
import { apiError, HttpError, rateLimitStoreUnavailable } from '../lib/http-error';

export type RateLimitBucket =
  | 'login'
  | 'passkey'
  | 'register'
  | 'otp'
  | 'reset'
  | 'confirmation'
  | 'contact'
  | 'bootstrap'
  | 'password'
  | 'telemetry';

export interface Counter {
  count: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

export interface RateLimitStore {
  /** Counts one hit; returns the count in the current window and when the window ends. */
  hit(key: string, windowMs: number, nowMs: number): Promise<Counter>;
  /** The live counter of a key without counting, or null when there is none (or its window ended). */
  peek(key: string, nowMs: number): Promise<Counter | null>;
  /**
   * Takes a key for holdMs if nobody holds it (one winner among concurrent callers); otherwise
   * says when the current hold ends.
   */
  claim(key: string, holdMs: number, nowMs: number): Promise<{ ok: true } | { ok: false; resetAt: number }>;
  /** Rejects unless the store answers now (Redis; the database's own check is /readyz's). */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/** Fixed-window counters in the database: one atomic upsert, shared by every API instance. */
export function databaseStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs, nowMs) {
      const resetAt = nowMs + windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${nowMs} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${nowMs} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
    async peek(key, nowMs) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', nowMs)
        .executeTakeFirst();
      return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
    },
    async claim(key, holdMs, nowMs) {
      // The update only happens when the previous hold has ended: one conditional upsert.
      const taken = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: nowMs + holdMs })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ count: sql<number>`rate_limits.count + 1`, reset_at: nowMs + holdMs })
            .where('rate_limits.reset_at', '<=', nowMs),
        )
        .returning('key')
        .executeTakeFirst();
      if (taken) return { ok: true };
      const held = await this.peek(key, nowMs);
      return held ? { ok: false, resetAt: held.resetAt } : { ok: true };
    },
    async close() {},
  };
}

/** How long past its end a hold's key stays in Redis (cleanup only: the script compares API times). */
const HOLD_CLEANUP_MARGIN_MS = 10 * 60_000;

/** Takes KEYS[1] until ARGV[2] unless it is held past ARGV[1] (now); returns the current hold's end when held. */
const CLAIM_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held and tonumber(held) > tonumber(ARGV[1]) then return held end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return false`;

/**
 * A Redis command that failed because Redis cannot be reached (not because the command was wrong):
 * the limited request is refused with a 503 rather than let through uncounted, so knocking Redis
 * over never lifts the limits on sign-in.
 */
function unlessReachable<T>(availability: Availability, work: () => Promise<T>): Promise<T> {
  return work().then(
    (value) => {
      availability.markAvailable();
      return value;
    },
    (err: unknown) => {
      if (err instanceof Error && err.name === 'ReplyError') throw err;
      availability.markUnavailable(err);
      throw rateLimitStoreUnavailable();
    },
  );
}

/** Fixed-window counters in Redis (REDIS_URL): INCR + PEXPIRE in one MULTI. */
export function redisStore(
  url: string,
  availability = new Availability('Redis (rate limits)', undefined),
): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // Without a listener ioredis prints every failed reconnect; the outage is logged once instead.
  redis.on('error', (err: unknown) => availability.markUnavailable(err));
  redis.on('ready', () => availability.markAvailable());
  const store: RateLimitStore = {
    async hit(key, windowMs, nowMs) {
      const k = `kloof:rl:${key}`;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      if (!res) throw new Error('Redis transaction aborted');
      const count = Number(res[0]?.[1]);
      const ttl = Number(res[2]?.[1]);
      return { count, resetAt: nowMs + (ttl > 0 ? ttl : windowMs) };
    },
    async peek(key, nowMs) {
      const k = `kloof:rl:${key}`;
      const res = await redis.multi().get(k).pttl(k).exec();
      const value = res?.[0]?.[1];
      const ttl = Number(res?.[1]?.[1]);
      if (value === null || value === undefined || ttl <= 0) return null;
      return { count: Number(value), resetAt: nowMs + ttl };
    },
    async claim(key, holdMs, nowMs) {
      // The hold's end is stored as a time of the API's clock and compared in one script, so
      // every instance agrees on it. The key's own expiry only cleans up, well after the hold:
      // were it the hold's length on Redis's clock, an instance whose clock runs behind (or a
      // slow round trip) would find the hold gone before it ended.
      const cleanupMs = holdMs + HOLD_CLEANUP_MARGIN_MS;
      const held = (await redis.eval(CLAIM_SCRIPT, 1, `kloof:rl:${key}`, nowMs, nowMs + holdMs, cleanupMs)) as
        string | null;
      return held === null ? { ok: true } : { ok: false, resetAt: Number(held) };
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
  return {
    hit: (key, windowMs, nowMs) => unlessReachable(availability, () => store.hit(key, windowMs, nowMs)),
    peek: (key, nowMs) => unlessReachable(availability, () => store.peek(key, nowMs)),
    claim: (key, holdMs, nowMs) => unlessReachable(availability, () => store.claim(key, holdMs, nowMs)),
    ping: async () => {
      await redis.ping();
    },
    close: () => store.close(),
  };
}

/** The API's 429: the one error body shape (message, error, feedback), and when to come back. */
export function tooManyRequests(resetAt: number, nowMs: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil((resetAt - nowMs) / 1000));
  return apiError(429, 'rate_limited', undefined, { 'retry-after': String(retryAfter) });
}

/** Counters shared by every API instance (database or Redis), for limits beyond the per-IP buckets. */
export interface Limiter {
  store: RateLimitStore;
  windowMs: number;
  /** Counts one hit on `key`; throws 429 once it is over `max` in the window. */
  consume(key: string, max: number): Promise<void>;
  /** Throws 429 when `key` already counts `max` hits in the window; counts nothing itself. */
  refuseOver(key: string, max: number): Promise<void>;
  /** Counts one hit on `key` after the fact (what it counts was let through already). */
  count(key: string): Promise<void>;
}

/**
 * Per-IP limits on the sensitive endpoints: 429 with Retry-After when a bucket is exhausted.
 * request.ip is the client's address: the socket, or X-Forwarded-For from a trusted proxy only
 * (TRUST_PROXY). Limits and window come from the config (RATE_LIMIT_* env).
 */
export default fp(
  async (app) => {
    const store = app.config.redisUrl
      ? redisStore(app.config.redisUrl, new Availability('Redis (rate limits)', app.log))
      : databaseStore(app.db);
    app.addHook('onClose', async () => store.close());
    const limits = app.config.rateLimits;
    const windowMs = limits.windowSeconds * 1000;
    const limiter: Limiter = {
      store,
      windowMs,
      async consume(key, max) {
        const nowMs = app.now().getTime();
        const { count, resetAt } = await store.hit(key, windowMs, nowMs);
        if (count > max) {
          // The key's first word names the limit (`login:<ip>`, `totp:<user id>`): the code's, not input.
          app.metrics.rateLimitRefusals.inc({ limit: key.slice(0, key.indexOf(':')) });
          throw tooManyRequests(resetAt, nowMs);
        }
      },
      async refuseOver(key, max) {
        const nowMs = app.now().getTime();
        const counter = await store.peek(key, nowMs);
        if (counter && counter.count >= max) throw tooManyRequests(counter.resetAt, nowMs);
      },
      async count(key) {
        await store.hit(key, windowMs, app.now().getTime());
      },
    };
    app.decorate('limiter', limiter);
    app.decorate('rateLimit', (bucket: RateLimitBucket) => async (request) => {
      await limiter.consume(`${bucket}:${request.ip}`, limits[bucket]);
    });
  },
  { name: 'rate-limit', dependencies: ['db', 'metrics'] },
);
