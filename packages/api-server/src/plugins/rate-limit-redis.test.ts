import { randomBytes } from 'node:crypto';
import { redisStore } from './rate-limit';
import { startTestServer } from '../testing/harness';
import { startRedis, type TestRedis } from '../testing/redis';

// REDIS_URL, or a throwaway redis-server of its own (skipped, with a warning, where there is none).
let redis: TestRedis | null = null;
beforeAll(async () => {
  redis = await startRedis();
  if (!redis) console.warn('redis-server not found: the Redis rate-limit tests are skipped');
});
afterAll(async () => {
  await redis?.stop();
});

describe('rate limits in Redis (REDIS_URL)', () => {
  it('counts in a fixed window shared by every store on the same Redis', async () => {
    if (!redis) return;
    const url = redis.url;
    const a = redisStore(url);
    const b = redisStore(url);
    const key = `test:${randomBytes(6).toString('hex')}`;
    try {
      const now = Date.now();
      expect((await a.hit(key, 60_000, now)).count).toBe(1);
      expect((await b.hit(key, 60_000, now)).count).toBe(2);
      const third = await a.hit(key, 60_000, now);
      expect(third.count).toBe(3);
      expect(third.resetAt).toBeGreaterThan(now);
      expect(third.resetAt).toBeLessThanOrEqual(now + 60_000);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('gives a hold to one of many concurrent claimers, on the API clock', async () => {
    if (!redis) return;
    const stores = [redisStore(redis.url), redisStore(redis.url)];
    const key = `test:${randomBytes(6).toString('hex')}`;
    try {
      const now = Date.now();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (stores[i % 2] as ReturnType<typeof redisStore>).claim(key, 5000, now)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, resetAt: now + 5000 });
      expect(await stores[0]?.claim(key, 5000, now + 5000)).toEqual({ ok: true });
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });

  it('answers 429 from a server that uses Redis', async () => {
    if (!redis) return;
    const s = await startTestServer({ env: { REDIS_URL: redis.url, RATE_LIMIT_LOGIN: '1' } });
    try {
      const body = { email: `${randomBytes(4).toString('hex')}@example.com`, password: 'whatever pass' };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await s.api('POST', '/v1/auth/login', { body })).status);
      expect(statuses).toContain(429);
      expect(await s.app.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
