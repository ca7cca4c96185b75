import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, type TestUser } from '../../testing/users';

// The input rules every route shares (plugins/validation.ts, plugins/json-body.ts), one test per
// kind of bad input that used to answer 500 or be stored changed. The fuzz test in test/fuzz covers
// every route; these say what each answer is.

let s: TestServer;
let admin: TestUser;
let contactRows: () => Promise<number>;

beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s, { roles: ['Admin'] });
  contactRows = async () =>
    Number(
      (await s.app.db.selectFrom('contact_messages').select(s.app.db.fn.countAll().as('n')).executeTakeFirstOrThrow())
        .n,
    );
});
afterAll(async () => {
  await s.close();
});

const contact = { name: 'Ann', email: 'ann@example.com', message: 'Hello' };

async function raw(path: string, init: RequestInit) {
  const res = await fetch(s.url + path, init);
  return { status: res.status, body: (await res.json()) as { statusCode: number; message: string; error: string } };
}

describe('text fields', () => {
  it.each([
    ['/v1/contact', { ...contact, name: 'A\u0000nn' }, 'name must not contain control characters'],
    ['/v1/auth/login', { email: 'ann@example.com\u0000', password: 'x' }, 'email must not contain control characters'],
    [
      '/v1/auth/register',
      { username: 'ann\u001b[31m', email: 'ann@example.com', password: 'long enough' },
      'username must not contain control characters',
    ],
    ['/v1/contact', { ...contact, message: 'Hi \ud800' }, 'message must be valid Unicode text'],
    ['/v1/contact', { ...contact, ['na\u0000me']: 'x' }, 'body field names must not contain control characters'],
  ])('%s refuses %j with 400 "%s" and stores nothing', async (path, body, message) => {
    const before = await contactRows();
    const res = await s.api('POST', path, { body });
    expect(res.body).toEqual({ statusCode: 400, code: 'validation_failed', message, error: 'Bad Request' });
    expect(await contactRows()).toBe(before);
  });

  it('keeps tabs and line breaks in multi-line text', async () => {
    const res = await s.api('POST', '/v1/contact', { body: { ...contact, message: 'Line 1\r\n\tLine 2' } });
    expect(res.status).toBe(201);
  });
});

describe('JSON bodies', () => {
  it('refuses bytes that are not UTF-8 instead of storing U+FFFD', async () => {
    const before = await contactRows();
    const bytes = Buffer.concat([
      Buffer.from('{"name":"A'),
      Buffer.from([0xff]),
      Buffer.from('","email":"a@b.co","message":"m"}'),
    ]);
    const res = await raw('/v1/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bytes,
    });
    expect(res).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'invalid_body',
        message: 'Request body must be valid UTF-8',
        error: 'Bad Request',
      },
    });
    expect(await contactRows()).toBe(before);
  });

  it('keeps JSON types: a number is not a name', async () => {
    const res = await s.api('POST', '/v1/contact', { body: { ...contact, name: 1 } });
    expect(res.body.message).toBe('name must be of type string');
  });

  it.each([
    [{ 'content-type': 'application/json; charset=utf-16' }, 'Content-Type charset must be utf-8'],
    [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'Content-Encoding is not supported'],
  ])('answers 415 to %j', async (headers, message) => {
    const res = await raw('/v1/contact', { method: 'POST', headers, body: JSON.stringify(contact) });
    expect(res).toEqual({
      status: 415,
      body: { statusCode: 415, code: 'unsupported_media_type', message, error: 'Unsupported Media Type' },
    });
  });

  it('answers a 20,000-deep body quickly with 400', async () => {
    const body = '{"a":'.repeat(20_000) + '"\\u0000"' + '}'.repeat(20_000);
    const res = await raw('/v1/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(res.body.message.length).toBeLessThan(120);
  });
});

describe('ids', () => {
  const id = '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00';
  it.each([`urn:uuid:${id}`, `%7B${id}%7D`, id.toUpperCase(), `%20${id}`, id.replace(/-/g, ''), `${id}%00`])(
    'refuses /users/%s with 400 "id must be a valid uuid"',
    async (form) => {
      const res = await s.api('GET', `/v1/users/${form}`, { token: admin.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^id must (be a valid uuid|not contain control characters)$/);
    },
  );

  it('answers a path that is not percent-encoded UTF-8 in the same body shape', async () => {
    const res = await s.api('GET', '/v1/users/%ED%A0%80', { token: admin.accessToken });
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: 'URL path must be valid percent-encoded UTF-8',
      error: 'Bad Request',
    });
  });
});

describe('query strings', () => {
  it.each(['1e20', '1e2', '0x10', '%205', 'Infinity', '99999999999999999999'])(
    'refuses limit=%s with 400',
    async (limit) => {
      const res = await s.api('GET', `/v1/users?limit=${limit}`, { token: admin.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^limit must (be of type integer|be <= 100)$/);
    },
  );

  it('bounds limit so a page stays small', async () => {
    const res = await s.api('GET', '/v1/users?limit=101', { token: admin.accessToken });
    expect(res.body.message).toBe('limit must be <= 100');
    expect((await s.api('GET', '/v1/users?limit=100', { token: admin.accessToken })).status).toBe(200);
  });

  it.each(['%ZZ', '%FF', '%ED%A0%80', '%C0%80'])('refuses search=%s (not percent-encoded UTF-8)', async (bad) => {
    const res = await s.api('GET', `/v1/users?search=${bad}`, { token: admin.accessToken });
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'search must be valid percent-encoded UTF-8',
      error: 'Bad Request',
    });
  });

  it('refuses control characters in a query value', async () => {
    const res = await s.api('GET', '/v1/users?search=a%00b', { token: admin.accessToken });
    expect(res.body.message).toBe('search must not contain control characters');
  });
});
