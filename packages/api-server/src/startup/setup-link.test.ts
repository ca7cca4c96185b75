import { startTestServer } from '../../testing/harness';
import { PASSWORD } from '../../testing/users';

const body = (token: string, email = 'root@example.com') => ({ token, email, password: PASSWORD, username: 'root' });

describe('the start-up setup link', () => {
  it("prints the site's /setup link with the token in the fragment, on that one line only", async () => {
    const lines: string[] = [];
    const s = await startTestServer({
      env: { LOG_LEVEL: 'info', SITE_URL: 'https://kloof.example' },
      build: { logStream: { write: (line) => void lines.push(line) } },
    });
    try {
      const token = s.bootstrapTokens[0] as string;
      expect((await s.api('POST', '/v1/auth/bootstrap', { body: body('guess') })).status).toBe(401);
      expect((await s.api('POST', '/v1/auth/bootstrap', { body: body(token) })).status).toBe(201);
      const carrying = lines.filter((line) => line.includes(token));
      expect(carrying).toHaveLength(1);
      expect(JSON.parse(carrying[0] as string).setupLink).toBe(`https://kloof.example/setup#${token}`);
      expect(lines.some((line) => line.includes('/v1/auth/bootstrap'))).toBe(true); // the requests were logged
    } finally {
      await s.close();
    }
  });

  it('refuses a used token', async () => {
    const s = await startTestServer();
    try {
      const token = s.bootstrapTokens[0] as string;
      expect((await s.api('POST', '/v1/auth/bootstrap', { body: body(token) })).status).toBe(201);
      await s.app.db.deleteFrom('users').execute(); // no SuperAdmin any more: only the used token stands in the way
      const reused = await s.api('POST', '/v1/auth/bootstrap', { body: body(token, 'other@example.com') });
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe('Invalid bootstrap token');
    } finally {
      await s.close();
    }
  });

  it('rate-limits an address guessing tokens, even the right token once its attempts are spent', async () => {
    const s = await startTestServer({ env: { RATE_LIMIT_BOOTSTRAP: '3' } });
    try {
      for (const guess of ['a', 'b', 'c']) {
        expect((await s.api('POST', '/v1/auth/bootstrap', { body: body(guess) })).status).toBe(401);
      }
      const limited = await s.api('POST', '/v1/auth/bootstrap', { body: body(s.bootstrapTokens[0] as string) });
      expect(limited.status).toBe(429);
    } finally {
      await s.close();
    }
  });
});
