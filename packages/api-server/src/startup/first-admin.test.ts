import { startTestServer } from '../../testing/harness';
import { PASSWORD } from '../../testing/users';
import { seedDemo } from '../seed/demo';

describe('first admin', () => {
  it('prints a one-time bootstrap token when no SuperAdmin exists; the token works once', async () => {
    const s = await startTestServer();
    try {
      expect(s.bootstrapTokens).toHaveLength(1);
      const token = s.bootstrapTokens[0] as string;
      const wrong = await s.api('POST', '/v1/auth/bootstrap', {
        body: { token: 'wrong', email: 'root@example.com', password: PASSWORD, username: 'root' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid bootstrap token');
      const weak = await s.api('POST', '/v1/auth/bootstrap', {
        body: { token, email: 'root@example.com', password: 'short', username: 'root' },
      });
      expect(weak.status).toBe(400);
      const ok = await s.api('POST', '/v1/auth/bootstrap', {
        body: { token, email: 'Root@Example.com', password: PASSWORD, username: 'root' },
      });
      expect(ok.status).toBe(201);
      expect(ok.body.user).toMatchObject({ email: 'root@example.com', verified: true, roles: ['Admin', 'SuperAdmin'] });
      const again = await s.api('POST', '/v1/auth/bootstrap', {
        body: { token, email: 'root2@example.com', password: PASSWORD, username: 'root2' },
      });
      expect(again.status).toBe(403);
      const login = await s.api('POST', '/v1/auth/login', { body: { email: 'root@example.com', password: PASSWORD } });
      expect(login.status).toBe(200);
      expect((await s.api('GET', '/v1/users', { token: login.body.accessToken })).status).toBe(200);
      const rows = await s.app.db.selectFrom('bootstrap_tokens').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('creates a verified SuperAdmin from ADMIN_EMAIL/ADMIN_PASSWORD and prints no token', async () => {
    const s = await startTestServer({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss password 1' } });
    try {
      expect(s.bootstrapTokens).toEqual([]);
      const login = await s.api('POST', '/v1/auth/login', {
        body: { email: 'boss@example.com', password: 'boss password 1' },
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ verified: true, roles: ['Admin', 'SuperAdmin'] });
      const closed = await s.api('POST', '/v1/auth/bootstrap', {
        body: { token: 'anything', email: 'x@example.com', password: PASSWORD, username: 'x' },
      });
      expect(closed.status).toBe(403);
    } finally {
      await s.close();
    }
  });
});

describe('seed', () => {
  it('creates verified demo clients with workspaces, projects, links and billing, and a demo admin', async () => {
    const s = await startTestServer();
    try {
      const logins = await seedDemo(s.app, 'demo password 1');
      expect(logins.filter((l) => l.created)).toHaveLength(4);
      const client = logins.find((l) => l.roles.length === 0);
      const login = await s.api('POST', '/v1/auth/login', {
        body: { email: client?.email, password: 'demo password 1' },
      });
      expect(login.body.user.verified).toBe(true);
      const dash = await s.api('GET', '/v1/dashboard', { token: login.body.accessToken });
      expect(dash.body.workspaces).toBe(2);
      expect(dash.body.recentLinks.length).toBeGreaterThan(0);
      const billing = await s.api('GET', '/v1/billing', { token: login.body.accessToken });
      expect(billing.body.plan).toEqual({ name: 'Growth', priceZar: 4999, interval: 'month' });
      expect(billing.body.invoices).toHaveLength(3);
      const admin = logins.find((l) => l.roles.includes('Admin'));
      const adminLogin = await s.api('POST', '/v1/auth/login', {
        body: { email: admin?.email, password: 'demo password 1' },
      });
      expect((await s.api('GET', '/v1/users', { token: adminLogin.body.accessToken })).body.items).toHaveLength(4);
      // idempotent: a second run changes nothing
      const again = await seedDemo(s.app);
      expect(again.every((l) => !l.created)).toBe(true);
      // random passwords when none is given
      const s2 = await startTestServer();
      try {
        const random = await seedDemo(s2.app);
        expect(new Set(random.map((l) => l.password)).size).toBe(random.length);
        expect(random[0]?.password.length).toBeGreaterThanOrEqual(12);
      } finally {
        await s2.close();
      }
    } finally {
      await s.close();
    }
  });
});
