import { loadConfig } from '../config';
import { requestFrom } from '../../testing/client';
import { startTestServer, type TestServer } from '../../testing/harness';
import { uniqueEmail } from '../../testing/users';

const LIMITS = { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_ACCOUNT_FREE_FAILURES: '1000' };
const wrongLogin = () => ({ email: uniqueEmail('victim'), password: 'wrong password' });

describe('client identity: X-Forwarded-For only from the configured proxy', () => {
  let s: TestServer;
  afterEach(async () => {
    await s.close();
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: rotating the header does not escape the limit', async () => {
    s = await startTestServer({ env: LIMITS });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await s.api('POST', '/v1/auth/login', {
        body: wrongLogin(),
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('with TRUST_PROXY=127.0.0.1 gives each forwarded client its own bucket', async () => {
    s = await startTestServer({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } });
    for (let i = 0; i < 3; i++) {
      const res = await s.api('POST', '/v1/auth/login', {
        body: wrongLogin(),
        headers: { 'x-forwarded-for': '203.0.113.1' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await s.api('POST', '/v1/auth/login', {
      body: wrongLogin(),
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect(blocked.status).toBe(429);
    const other = await s.api('POST', '/v1/auth/login', {
      body: wrongLogin(),
      headers: { 'x-forwarded-for': '203.0.113.2' },
    });
    expect(other.status).toBe(401);
  });

  it('does not believe X-Forwarded-For from any other sender, even on the same machine', async () => {
    s = await startTestServer({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await requestFrom('127.0.0.2', `${s.url}/v1/auth/login`, 'POST', wrongLogin(), {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // 127.0.0.2 used its own bucket, not the proxy's
    expect((await s.api('POST', '/v1/auth/login', { body: wrongLogin() })).status).toBe(401);
  });
});

describe('TRUST_PROXY configuration', () => {
  it.each(['1', 'true', '*', '10.0.0.0/40'])('refuses TRUST_PROXY=%s (it must name proxies)', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must list the addresses or CIDR blocks/);
  });

  it('accepts addresses and CIDR blocks, IPv4 and IPv6', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,2001:db8::/32' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      '2001:db8::/32',
    ]);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });
});
