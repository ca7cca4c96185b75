import { INVALID_CURSOR_MESSAGE } from '@kloof/api-contract/constants';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser } from '../../../testing/users';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('contact form', () => {
  it('stores a message without auth (201) and lists it for admins, newest first and paged', async () => {
    const first = await s.api('POST', '/v1/contact', {
      body: { name: 'Sipho', email: 'Sipho@Example.com', company: 'Co', message: 'We need an app' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), message: expect.any(String) });
    s.clock.advanceSeconds(1);
    await s.api('POST', '/v1/contact', { body: { name: 'Lerato', email: 'lerato@example.com', message: 'Hello' } });
    const admin = await createUser(s, { roles: ['Admin'] });
    const list = await s.api('GET', '/v1/contact?limit=1', { token: admin.accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: expect.any(Array), next: expect.any(String) });
    expect(list.body.items).toEqual([
      {
        id: expect.any(String),
        name: 'Lerato',
        email: 'lerato@example.com',
        company: '',
        message: 'Hello',
        createdAt: expect.any(String),
      },
    ]);
    const page2 = await s.api('GET', `/v1/contact?limit=1&after=${list.body.next}`, { token: admin.accessToken });
    expect(page2.body.items).toEqual([
      expect.objectContaining({ id: first.body.id, email: 'sipho@example.com', company: 'Co' }),
    ]);
    expect(page2.body.next).toBeNull();
  });

  it('refuses a cursor it did not hand out (400) and a page size over 100', async () => {
    const admin = await createUser(s, { roles: ['Admin'] });
    const users = Buffer.from(JSON.stringify(['2031-01-01T00:00:00.000Z', 'not-a-uuid'])).toString('base64url');
    const bad = await s.api('GET', `/v1/contact?after=${users}`, { token: admin.accessToken });
    expect(bad).toMatchObject({ status: 400, body: { message: INVALID_CURSOR_MESSAGE } });
    const big = await s.api('GET', '/v1/contact?limit=101', { token: admin.accessToken });
    expect(big).toMatchObject({ status: 400, body: { message: 'limit must be <= 100' } });
  });

  it.each([
    [{ email: 'a@example.com', message: 'hi' }, 'name is required'],
    [{ name: 'A', email: 'nope', message: 'hi' }, 'email must be a valid email'],
    [{ name: 'A', email: 'a@example.com', message: '' }, 'message must not be empty'],
  ])('rejects %j with 400 "%s"', async (body, message) => {
    const res = await s.api('POST', '/v1/contact', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
