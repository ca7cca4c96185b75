import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Db } from '../db/connect';
import { HttpError, MESSAGES } from '../lib/http-error';

export type RateLimitBucket = 'login' | 'register' | 'otp' | 'reset' | 'confirmation' | 'contact' | 'bootstrap';

export interface RateLimitStore {
  /** Counts one hit; returns the count in the current window and when the window ends (epoch ms). */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAt: number }>;
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
    async close() {},
  };
}

/** Fixed-window counters in Redis (REDIS_URL): INCR + PEXPIRE in one MULTI. */
export function redisStore(url: string): RateLimitStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, windowMs, nowMs) {
      const k = `kloof:rl:${key}`;
      const res = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      if (!res) throw new Error('Redis transaction aborted');
      const count = Number(res[0]?.[1]);
      const ttl = Number(res[2]?.[1]);
      return { count, resetAt: nowMs + (ttl > 0 ? ttl : windowMs) };
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}

/**
 * Per-IP limits on the sensitive auth endpoints: 429 with Retry-After when a bucket is exhausted.
 * Limits and window come from the config (RATE_LIMIT_* env).
 */
export default fp(
  async (app) => {
    const store = app.config.redisUrl ? redisStore(app.config.redisUrl) : databaseStore(app.db);
    app.addHook('onClose', async () => store.close());
    const limits = app.config.rateLimits;
    app.decorate('rateLimit', (bucket: RateLimitBucket) => async (request) => {
      const max = limits[bucket];
      const windowMs = limits.windowSeconds * 1000;
      const nowMs = app.now().getTime();
      const { count, resetAt } = await store.hit(`${bucket}:${request.ip}`, windowMs, nowMs);
      if (count > max) {
        const retryAfter = Math.max(1, Math.ceil((resetAt - nowMs) / 1000));
        throw new HttpError(429, MESSAGES.tooManyRequests, undefined, { 'retry-after': String(retryAfter) });
      }
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
