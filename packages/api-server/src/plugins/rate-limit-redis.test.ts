import { randomBytes } from 'node:crypto';
import { redisStore } from './rate-limit';
import { startTestServer } from '../test-utils/harness';

// Runs when REDIS_URL points at a Redis server (e.g. `redis-server --port 6390` and
// REDIS_URL=redis://127.0.0.1:6390); without one there is nothing to talk to.
const withRedis = process.env.REDIS_URL ? describe : describe.skip;

withRedis('rate limits in Redis (REDIS_URL)', () => {
  it('counts in a fixed window shared by every store on the same Redis', async () => {
    const url = process.env.REDIS_URL as string;
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

  it('answers 429 from a server that uses Redis', async () => {
    const s = await startTestServer({ env: { REDIS_URL: process.env.REDIS_URL as string, RATE_LIMIT_LOGIN: '1' } });
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
