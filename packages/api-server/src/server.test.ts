import { allEndpoints } from '@kloof/api-contract/endpoints';
import { CONTRACT_VERSION, OLDEST_SERVED_CONTRACT } from '@kloof/api-contract/contract-version';
import { startTestServer, type TestServer } from '../testing/harness';
import { createUser, uniqueEmail, PASSWORD, latestMail } from '../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { CORS_ORIGINS: 'http://localhost:8080,https://app.example.com' } });
});
afterAll(async () => {
  await s.close();
});

describe('smoke over real HTTP: sign up -> mail -> verify -> sign in -> client area', () => {
  it('runs the whole flow', async () => {
    const email = uniqueEmail('smoke');
    expect(
      (
        await s.api('POST', '/v1/auth/register', {
          body: { username: 'smoke', email, password: PASSWORD, fullName: 'Smoke Test' },
        })
      ).status,
    ).toBe(201);
    const code = (await latestMail(s, email))?.code;
    const login1 = await s.api('POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(login1.body.user.verified).toBe(false);
    expect((await s.api('GET', '/v1/workspaces', { token: login1.body.accessToken })).status).toBe(403);
    expect((await s.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email, otp: code } })).status).toBe(
      200,
    );
    expect((await s.api('GET', '/v1/workspaces', { token: login1.body.accessToken })).status).toBe(200);
    const me = await s.api('GET', '/v1/current-user?include=[settings]', { token: login1.body.accessToken });
    expect(me.body).toMatchObject({ email, fullName: 'Smoke Test', verified: true, settings: { theme: 'system' } });
  });
});

describe('GET /v1/health', () => {
  it('reports ok with the database, version and the contract versions it serves', async () => {
    const res = await s.api('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: 'ok',
      version: '1.0.0',
      contract: { version: CONTRACT_VERSION, serves: `>=${OLDEST_SERVED_CONTRACT} <=${CONTRACT_VERSION}` },
      mail: { backlog: 0, failed: 0, oldestBacklogSeconds: 0 },
    });
    expect(s.app.dbKind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('errors and unknown routes', () => {
  it('answers unknown routes with the error body', async () => {
    const res = await s.api('GET', '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'route_not_found',
      message: 'Route GET /v1/nope not found',
      error: 'Not Found',
    });
  });
});

describe('security headers, CORS and request ids', () => {
  it('sends strict headers', async () => {
    const res = await s.api('GET', '/v1/health');
    const h = res.headers;
    expect(h.get('content-security-policy')).toContain("default-src 'none'");
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('no-referrer');
    expect(h.get('x-frame-options')).toBe('DENY');
    expect(h.get('strict-transport-security')).toContain('max-age=');
    expect(h.get('cache-control')).toBe('no-store');
    expect(h.get('x-powered-by')).toBeNull();
  });

  it('allows listed origins only', async () => {
    const ok = await s.api('OPTIONS', '/v1/auth/login', {
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const evil = await s.api('GET', '/v1/health', { headers: { origin: 'https://evil.example.com' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes a valid x-request-id and makes one up otherwise', async () => {
    const given = await s.api('GET', '/v1/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const made = await s.api('GET', '/v1/health', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI document and docs page', () => {
  it('serves the document with every /v1 route and a docs page at /docs', async () => {
    const doc = await s.api('GET', '/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/v1/auth/login',
      '/v1/auth/register',
      '/v1/auth/refreshToken',
      '/v1/auth/logout',
      '/v1/auth/forgetPassword',
      '/v1/auth/validOtp',
      '/v1/auth/resetPassword',
      '/v1/auth/accountConfirmation',
      '/v1/auth/accountConfirmation/confirm',
      '/v1/auth/bootstrap',
      '/v1/current-user',
      '/v1/current-user/password',
      '/v1/system-users',
      '/v1/users',
      '/v1/users/{id}',
      '/v1/workspaces',
      '/v1/workspaces/{id}',
      '/v1/projects',
      '/v1/projects/{id}',
      '/v1/links',
      '/v1/links/{id}',
      '/v1/dashboard',
      '/v1/contact',
      '/v1/billing',
      '/v1/health',
    ]) {
      expect(paths).toContain(p);
    }
    expect(doc.body.paths['/v1/auth/login'].post.requestBody).toBeDefined();
    const page = await fetch(`${s.url}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('names every operation once, summarises it and states its security, as client generators need', async () => {
    const doc = await s.api('GET', '/docs/json');
    const operations = Object.values(doc.body.paths as Record<string, Record<string, any>>).flatMap((ops) =>
      Object.values(ops),
    );
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((op) => !op.summary)).toEqual([]);
    expect(operations.filter((op) => !Array.isArray(op.security))).toEqual([]);
    expect(doc.body.paths['/v1/workspaces/{id}'].get.operationId).toBe('getWorkspace');
  });

  it('serves every operation the contract declares, where it declares it, and no other', async () => {
    const doc = await s.api('GET', '/docs/json');
    const served = Object.entries(doc.body.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
    );
    const declared = allEndpoints.map((e) => `${e.name} ${e.method} /v1${e.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.sort()).toEqual(declared.sort());
  });

  it('is right about who may call what: a public operation never refuses a caller without a token, a bearer one never serves one', async () => {
    const doc = await s.api('GET', '/docs/json');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [path, ops] of Object.entries(doc.body.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace(/\{[^}]+\}/g, id);
        const sendsBody = ['post', 'patch', 'put'].includes(method);
        const answer = await s.api(method.toUpperCase(), url, sendsBody ? { body: {} } : {});
        const isPublic = op.security.length === 0;
        if (isPublic) expect([method, path, answer.status]).not.toEqual([method, path, 401]);
        else {
          expect([method, path, answer.status >= 200 && answer.status < 300]).toEqual([method, path, false]);
          // Without a body to validate first, the refusal is the token's.
          if (!sendsBody) expect([method, path, answer.status]).toEqual([method, path, 401]);
        }
      }
    }
  });
});

describe('dev outbox', () => {
  it('lists mails newest first with their code, filtered by recipient', async () => {
    const u = await createUser(s, { verified: false });
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: u.email } });
    await s.app.mailQueue.drain(); // mail leaves through the queue
    const res = await s.api('GET', `/v1/dev/outbox?to=${encodeURIComponent(u.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your Kloof Digital password',
      'Verify your Kloof Digital account',
    ]);
    expect(res.body.items[0]).toEqual({
      id: expect.any(String),
      to: u.email,
      subject: expect.any(String),
      text: expect.any(String),
      html: expect.any(String),
      createdAt: expect.any(String),
      code: expect.stringMatching(/^\d{8}$/),
    });
  });
});

describe('SMTP mode', () => {
  it('has no dev outbox and answers sign-up the same even when the mail server is down', async () => {
    const smtp = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect(smtp.app.mailer.mode).toBe('smtp');
      expect((await smtp.api('GET', '/v1/dev/outbox')).status).toBe(404);
      const res = await smtp.api('POST', '/v1/auth/register', {
        body: { username: 'm', email: uniqueEmail('smtp'), password: PASSWORD },
      });
      expect(res.status).toBe(201);
    } finally {
      await smtp.close();
    }
  });
});
