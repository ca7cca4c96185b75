import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser } from '../../testing/users';

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
    const list = await s.api('GET', '/v1/contact?page=1&pageSize=1', { token: admin.accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
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
    const page2 = await s.api('GET', '/v1/contact?page=2&pageSize=1', { token: admin.accessToken });
    expect(page2.body.items[0]).toMatchObject({ id: first.body.id, email: 'sipho@example.com', company: 'Co' });
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
