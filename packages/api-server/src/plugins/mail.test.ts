import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { preparedDataDir } from '../../testing/api-process';
import { startTestServer, type TestServer } from '../../testing/harness';
import { PASSWORD, uniqueEmail } from '../../testing/users';

/**
 * `pnpm start` as a newcomer runs it: production, no JWT_SECRET, no SMTP_URL. Mail goes to the
 * mail folder and the code to the log; no HTTP route serves mail; the generated secret is kept.
 */
describe('production without SMTP or JWT_SECRET', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kloof-prod-'));
  const dataDir = path.join(root, 'pglite');
  const mailDir = path.join(root, 'mail');
  const lines: string[] = [];
  const logStream = { write: (line: string) => void lines.push(line) };
  // Always the embedded database here: the point is a newcomer's data folder.
  const logged = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const config = { ...logged, logLevel: 'silent' };
  let server: TestServer | undefined;

  beforeAll(async () => {
    await preparedDataDir(dataDir);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const mails = () => readdirSync(mailDir).sort();

  it('writes each mail as one .eml file in the mail folder and prints the recipient and code in the log', async () => {
    expect(config.mailDir).toBe(mailDir);
    server = await startTestServer({ config: logged, build: { logStream } });
    expect(server.app.mailer.mode).toBe('folder');
    expect(lines.join('')).toContain(`mail is written to ${mailDir}`);

    const email = uniqueEmail('newcomer');
    const reg = await server.api('POST', '/v1/auth/register', {
      body: { username: 'newcomer', email, password: PASSWORD },
    });
    expect(reg.status).toBe(201);
    await server.app.mailQueue.drain(); // mail leaves the request path: the queue's worker writes it

    expect(mails()).toHaveLength(1);
    expect(mails()[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/); // no temporary file left
    const eml = readFileSync(path.join(mailDir, mails()[0] as string), 'utf8');
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain('Subject: Verify your Kloof Digital account');
    const code = /verification code is (\d+)/.exec(eml)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);

    const notice = lines.filter((l) => l.includes(`mail to ${email}`));
    expect(notice).toHaveLength(1);
    expect(notice[0]).toContain(`code ${code}`);
    expect(notice[0]).toContain(mailDir);

    // The code from the log works, as the README tells a newcomer.
    const confirm = await server.api('POST', '/v1/auth/accountConfirmation/confirm', { body: { email, otp: code } });
    expect(confirm.status).toBe(200);

    const reset = await server.api('POST', '/v1/auth/forgetPassword', { body: { email } });
    expect(reset.status).toBeLessThan(300);
    await server.app.mailQueue.drain();
    expect(mails()).toHaveLength(2);
    const resetNotice = JSON.parse(lines.filter((l) => l.includes(`mail to ${email}`))[1] as string).msg;
    expect(resetNotice).toMatch(/^mail to \S+: "Reset your Kloof Digital password", code \d+ \(.+\.eml\)$/);
  });

  it('deletes mail files older than MAIL_RETENTION_DAYS when it prunes, and leaves other files', async () => {
    server = await startTestServer({ config: { ...config, mailRetentionDays: 30 } });
    const named = (daysAgo: number) =>
      `${new Date(server!.clock.now().getTime() - daysAgo * 24 * 3600 * 1000).toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    const old = named(31);
    const recent = named(29);
    for (const name of [old, recent, 'notes.txt']) writeFileSync(path.join(mailDir, name), 'planted');
    expect(await server.app.prune()).toMatchObject({ mail_files: 1 });
    expect(mails()).not.toContain(old);
    expect(mails()).toEqual(expect.arrayContaining([recent, 'notes.txt']));
  });

  it('serves no mail over HTTP: the dev outbox route does not exist in production', async () => {
    server = await startTestServer({ config });
    const res = await server.api('GET', `/v1/dev/outbox?to=${encodeURIComponent('anyone@example.com')}`);
    expect(res.status).toBe(404);
    const docs = await server.api('GET', '/docs/json');
    expect(Object.keys(docs.body.paths)).not.toContain('/v1/dev/outbox');
  });

  it('generates the signing secret on first start and keeps it: sessions survive a restart', async () => {
    server = await startTestServer({ config });
    const email = uniqueEmail('keeper');
    await server.api('POST', '/v1/auth/register', { body: { username: 'keeper', email, password: PASSWORD } });
    const login = await server.api('POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const secret = await server.app.db
      .selectFrom('app_secrets')
      .select('value')
      .where('key', '=', 'jwt_secret')
      .execute();
    expect(secret).toHaveLength(1);
    expect(secret[0]?.value.length).toBeGreaterThanOrEqual(48);
    await server.close();

    server = await startTestServer({ config });
    const me = await server.api('GET', '/v1/current-user', { token: login.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    const again = await server.app.db
      .selectFrom('app_secrets')
      .select('value')
      .where('key', '=', 'jwt_secret')
      .execute();
    expect(again).toEqual(secret);
  });
});
