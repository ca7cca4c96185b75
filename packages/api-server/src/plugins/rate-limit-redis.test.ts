import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { scaled } from '@kloof/test-kit/slowdown';
import { redisStore } from './rate-limit';
import { startTestServer } from '../../testing/harness';
import { startOwnRedis, startRedis, type TestRedis } from '../../testing/redis';

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

  it("keeps a hold until the API's clock passes its end, however long it took on Redis's clock", async () => {
    if (!redis) return;
    const store = redisStore(redis.url);
    const clock = new Redis(redis.url);
    const key = `test:${randomBytes(6).toString('hex')}`;
    const redisMs = async () => {
      const [seconds, micros] = await clock.time();
      return Number(seconds) * 1000 + Number(micros) / 1000;
    };
    try {
      const now = Date.now();
      expect(await store.claim(key, 50, now)).toEqual({ ok: true });
      // Real time runs on past the hold (a loaded machine, an instance whose clock is behind)...
      const claimedAt = await redisMs();
      const deadline = Date.now() + scaled(5_000);
      while ((await redisMs()) <= claimedAt + 200) expect(Date.now()).toBeLessThan(deadline);
      // ...yet on the API's clock the hold has 40 ms left: still held, by the same end.
      expect(await store.claim(key, 50, now + 10)).toEqual({ ok: false, resetAt: now + 50 });
      expect(await store.claim(key, 50, now + 50)).toEqual({ ok: true });
    } finally {
      clock.disconnect();
      await store.close();
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

  it('refuses limited requests with a 503 while Redis is away (never lets them through uncounted), and counts again once it is back', async () => {
    const own = await startOwnRedis();
    if (!own) return;
    const port = Number(new URL(own.url).port);
    const s = await startTestServer({ env: { REDIS_URL: own.url, RATE_LIMIT_LOGIN: '2' } });
    let again: TestRedis | null = null;
    try {
      const body = { email: `${randomBytes(4).toString('hex')}@example.com`, password: 'whatever pass' };
      expect((await s.api('POST', '/v1/auth/login', { body })).status).toBe(401);
      await own.stop();
      const down = await s.api('POST', '/v1/auth/login', { body });
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(down.body).toEqual({
        statusCode: 503,
        code: 'dependency_unavailable',
        message: 'A service the API depends on is unavailable. Please try again in a moment.',
        error: 'Service Unavailable',
        feedback: { reason: 'rate-limit-store-unavailable', retryAfterSeconds: 5 },
      });
      expect((await s.api('GET', '/v1/health')).status).toBe(200); // the database is fine: the instance serves

      again = await startOwnRedis(port); // an empty Redis where the old one was
      const deadline = Date.now() + scaled(10_000);
      let status = 503;
      while (status === 503 && Date.now() < deadline) status = (await s.api('POST', '/v1/auth/login', { body })).status;
      expect(status).toBe(401);
      expect((await s.api('POST', '/v1/auth/login', { body })).status).toBe(401);
      expect((await s.api('POST', '/v1/auth/login', { body })).status).toBe(429);
    } finally {
      await s.close();
      await again?.stop();
    }
  });
});
