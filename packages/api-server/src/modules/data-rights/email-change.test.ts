import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, latestMail, proveFresh, uniqueEmail } from '../../../testing/users';
import { EMAIL_CHANGE_LINK_HOURS } from './email-change.service';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const ask = (token: string, email: string) => s.api('POST', '/v1/current-user/email', { token, body: { email } });
const confirm = (token: string) => s.api('POST', '/v1/auth/email-change/confirm', { body: { token } });
const LINK_INVALID =
  'This e-mail change link has expired or was used already. Ask for the change again on your profile.';

/** The token of the link in the newest mail to `to` (it follows '#email-change=' in the mail's text). */
async function linkTokenFor(to: string): Promise<string | undefined> {
  const mail = await latestMail(s, to);
  return /#email-change=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
}

/** A user who asked, with a fresh proof, to move to a new address; the link's token from the mail. */
async function askedChange() {
  const u = await createUser(s);
  await proveFresh(s, u);
  const to = uniqueEmail('new');
  const asked = await ask(u.accessToken, to);
  expect(asked.status).toBe(200);
  const token = await linkTokenFor(to);
  expect(token).toBeDefined();
  return { u, to, token: token! };
}

describe('changing the e-mail address', () => {
  it('needs a fresh proof', async () => {
    const u = await createUser(s);
    const res = await ask(u.accessToken, uniqueEmail('new'));
    expect(res).toMatchObject({ status: 403, body: { code: 'fresh_proof_required' } });
  });

  it('changes only when the link mailed to the new address is followed, once', async () => {
    const { u, to, token } = await askedChange();
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).body.email).toBe(u.email);
    expect(await confirm(token)).toMatchObject({ status: 200, body: { email: to } });
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).body.email).toBe(to);
    expect(await confirm(token)).toMatchObject({ status: 400, body: { message: LINK_INVALID } });
    const signIn = await s.api('POST', '/v1/auth/login', { body: { email: to, password: u.password } });
    expect(signIn.status).toBe(200);
    const old = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    expect(old.status).toBe(401);
    // Moved on to a third address, the first link still moves nothing back.
    await proveFresh(s, u);
    const third = uniqueEmail('third');
    await ask(u.accessToken, third);
    expect((await confirm((await linkTokenFor(third))!)).status).toBe(200);
    expect(await confirm(token)).toMatchObject({ status: 400, body: { code: 'email_change_link_invalid' } });
    const row = await s.app.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(third);
  });

  it('keeps the token only as an HMAC', async () => {
    const { u, token } = await askedChange();
    const row = await s.app.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('a link past its hours no longer works, and the address stays', async () => {
    const { u, token } = await askedChange();
    s.clock.advanceSeconds(EMAIL_CHANGE_LINK_HOURS * 3600 + 1);
    expect(await confirm(token)).toMatchObject({ status: 400, body: { code: 'email_change_link_invalid' } });
    // The access token is long expired too: the row says which address the account has.
    const row = await s.app.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(u.email);
  });

  it('a newer request replaces the pending one: the first link stops working', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    const first = uniqueEmail('first');
    await ask(u.accessToken, first);
    const firstToken = await linkTokenFor(first);
    await ask(u.accessToken, uniqueEmail('second'));
    expect((await confirm(firstToken!)).status).toBe(400);
  });

  it('tells the old address once, at the request, with "this was not me" that stops the change', async () => {
    const { u, to, token } = await askedChange();
    const notice = await latestMail(s, u.email);
    expect(notice?.subject).toBe('Your Kloof Digital e-mail address is being changed');
    expect(notice?.text).toContain(to);
    expect(notice?.text).toContain('If this was not you, open this link: it signs your account out on every device');
    expect(notice?.text).not.toContain('/auth/forgetPassword');
    const notMe = /\/auth\/not-me#(\S+)/.exec(notice?.text ?? '')?.[1];
    expect((await s.api('POST', '/v1/auth/not-me', { body: { token: notMe } })).status).toBe(200);
    expect(await confirm(token)).toMatchObject({ status: 400, body: { code: 'email_change_link_invalid' } });
    const row = await s.app.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(u.email);
  });

  it('the activity log has the request and the change; the change mails no second notice', async () => {
    const { u, to, token } = await askedChange();
    // The test clock stands still: a second later, so the log has an order.
    s.clock.advanceSeconds(1);
    expect((await confirm(token)).status).toBe(200);
    const events = await s.app.db
      .selectFrom('activity_events')
      .select(['kind', 'details', 'notice_pending'])
      .where('user_id', '=', u.id)
      .where('kind', 'in', ['email-change-requested', 'email-changed'])
      .orderBy('at')
      .execute();
    expect(events).toEqual([
      { kind: 'email-change-requested', details: { email: to }, notice_pending: false },
      { kind: 'email-changed', details: { email: to }, notice_pending: false },
    ]);
    // The old address had its notice at the request; the new one has only its link.
    expect((await latestMail(s, to))?.subject).toBe('Confirm your new Kloof Digital e-mail address');
  });

  it('answers the same for an address another account has; only the mail to it says so, with no link', async () => {
    const other = await createUser(s);
    const u = await createUser(s);
    await proveFresh(s, u);
    const free = await ask(u.accessToken, uniqueEmail('free'));
    const taken = await ask(u.accessToken, other.email);
    expect(taken.status).toBe(free.status);
    expect(Object.keys(taken.body)).toEqual(Object.keys(free.body));
    expect(taken.body.message).toBe(free.body.message);
    const mail = await latestMail(s, other.email);
    expect(mail?.subject).toBe('This address already has a Kloof Digital account');
    expect(mail?.text).not.toContain('#email-change=');
    expect((await s.api('GET', '/v1/current-user', { token: u.accessToken })).body.email).toBe(u.email);
  });

  it('refuses its own address and a malformed one in words', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    expect(await ask(u.accessToken, u.email)).toMatchObject({
      status: 400,
      body: { message: 'This is already your e-mail address.' },
    });
    expect((await ask(u.accessToken, 'not an address')).status).toBe(400);
  });
});
