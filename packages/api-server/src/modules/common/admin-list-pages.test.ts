import { randomBytes, randomUUID } from 'node:crypto';
import { jsonb, textArray } from '../../db/json';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, type TestUser } from '../../../testing/users';

/**
 * The admin lists (users, contact messages, a user's sessions) page on the exact time of a row,
 * as the client lists do, on PGlite and on PostgreSQL (scripts/with-postgres.sh): rows made
 * within one millisecond, microseconds apart (two at the same instant, which the id orders), are
 * each listed once when read a row a page.
 */

let s: TestServer;
let admin: TestUser;

beforeAll(async () => {
  s = await startTestServer();
  admin = await createUser(s, { roles: ['Admin'] });
});
afterAll(async () => {
  await s.close();
});

/** Seven times inside one millisecond: the first two equal, the others a microsecond or more apart. */
const SAME_MILLISECOND = ['000', '000', '001', '002', '499', '998', '999'].map(
  (micro) => `2021-03-03T10:20:30.123${micro}Z`,
);

/** The ids of the rows newest first, the larger id first between equal times: the order the lists promise. */
const newestFirst = (rows: { id: string; at: string }[]) =>
  [...rows].sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id)).map((row) => row.id);

/** Every row of a list read one a page, following `next` (stopping at twice the rows, should it loop). */
async function oneByOne(path: string, most: number): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = null;
  do {
    const url: string = `${path}${path.includes('?') ? '&' : '?'}limit=1${next ? `&after=${next}` : ''}`;
    const res = await s.api<{ items: { id: string }[]; next: string | null }>('GET', url, {
      token: admin.accessToken,
    });
    expect([url, res.status]).toEqual([url, 200]);
    ids.push(...res.body.items.map((item) => item.id));
    next = res.body.next;
  } while (next !== null && ids.length <= 2 * most);
  return ids;
}

it('GET /v1/users lists users created within one millisecond each once, newest first', async () => {
  const tag = `samems${randomBytes(4).toString('hex')}`;
  const rows = SAME_MILLISECOND.map((at, n) => ({ id: randomUUID(), at, name: `${tag}-${n}` }));
  await s.app.db
    .insertInto('users')
    .values(
      rows.map((row) => ({
        id: row.id,
        email: `${row.name}@example.com`,
        username: row.name,
        full_name: '',
        company: '',
        phone: '',
        signup_message: '',
        password_hash: 'x',
        verified: true,
        roles: textArray([]),
        settings: jsonb({}),
        created_at: row.at,
        updated_at: row.at,
      })),
    )
    .execute();
  expect(await oneByOne(`/v1/users?search=${tag}`, rows.length)).toEqual(newestFirst(rows));
});

it('GET /v1/contact lists messages received within one millisecond each once, newest first', async () => {
  const rows = SAME_MILLISECOND.map((at) => ({ id: randomUUID(), at }));
  await s.app.db
    .insertInto('contact_messages')
    .values(
      rows.map((row) => ({
        id: row.id,
        name: 'A',
        email: 'a@example.com',
        company: '',
        message: 'Hi',
        created_at: row.at,
      })),
    )
    .execute();
  expect(await oneByOne('/v1/contact', rows.length)).toEqual(newestFirst(rows));
});

it('GET /v1/users/:id/sessions lists sessions last used within one millisecond each once, last used first', async () => {
  const owner = await createUser(s);
  // The sign-in's own session was used now, after every one below (2021).
  const signedIn = await s.api<{ items: { id: string }[] }>('GET', `/v1/users/${owner.id}/sessions`, {
    token: admin.accessToken,
  });
  const rows = SAME_MILLISECOND.map((at) => ({ id: randomUUID(), at }));
  const expires = new Date(s.clock.now().getTime() + 86_400_000);
  await s.app.db
    .insertInto('session_families')
    .values(
      rows.map((row) => ({
        family_id: row.id,
        user_id: owner.id,
        browser: 'Firefox',
        os: 'Linux',
        ip: '192.0.2.1',
        device_hash: `device-${row.id}`, // each a browser of its own (one browser is one row)
        created_at: row.at,
        last_used_at: row.at,
      })),
    )
    .execute();
  await s.app.db
    .insertInto('sessions')
    .values(
      rows.map((row) => ({
        id: randomUUID(),
        family_id: row.id,
        user_id: owner.id,
        token_hash: randomBytes(16).toString('hex'),
        expires_at: expires,
        absolute_expires_at: expires,
        created_at: row.at,
      })),
    )
    .execute();
  const listed = await oneByOne(`/v1/users/${owner.id}/sessions`, rows.length + 1);
  expect(listed).toEqual([...signedIn.body.items.map((item) => item.id), ...newestFirst(rows)]);
});
