import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser, uniqueEmail } from '../../testing/users';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function timed(run: () => Promise<{ status: number }>): Promise<number> {
  const started = performance.now();
  const res = await run();
  const took = performance.now() - started;
  if (res.status >= 300) throw new Error(`unexpected status ${res.status}`);
  return took;
}

const SMTP_DELAY_MS = 250;

describe('no oracle: known and unknown addresses answer in the same time (real, slow SMTP)', () => {
  let sink: SmtpSink;
  let s: TestServer;
  beforeAll(async () => {
    // Every message takes SMTP_DELAY_MS to be accepted: on the request path it would show at once.
    sink = await startSmtpSink({ delayMs: SMTP_DELAY_MS });
    s = await startTestServer({ env: { SMTP_URL: sink.url, RATE_LIMIT_MAIL_PER_ADDRESS: '1000' } });
  });
  afterAll(async () => {
    await s.close();
    await sink.close();
  });

  const ROUNDS = 20;
  // What this catches is a mail sent on the request path (SMTP_DELAY_MS on one side only). The few
  // ms the two paths' database work differs by grow with the machine's load (58 ms once, both
  // cores busy): they are printed, not asserted.
  const MARGIN_MS = SMTP_DELAY_MS / 2;

  async function compare(
    name: string,
    known: () => Promise<{ status: number }>,
    unknown: () => Promise<{ status: number }>,
  ) {
    const k: number[] = [];
    const u: number[] = [];
    await known(); // warm up both paths once
    await unknown();
    for (let i = 0; i < ROUNDS; i++) {
      // interleaved, so background work (the mail worker) weighs on both alike
      k.push(await timed(known));
      u.push(await timed(unknown));
    }
    const [mk, mu] = [median(k), median(u)];
    console.info(
      `[${s.app.dbKind}] ${name}: median known ${mk.toFixed(1)} ms, unknown ${mu.toFixed(1)} ms (${ROUNDS} each)`,
    );
    expect(Math.abs(mk - mu)).toBeLessThanOrEqual(MARGIN_MS);
  }

  it('forgetPassword', async () => {
    const user = await createUser(s);
    await s.app.mailQueue.drain();
    const before = sink.received.length;
    await compare(
      'forgetPassword',
      () => s.api('POST', '/v1/auth/forgetPassword', { body: { email: user.email } }),
      () => s.api('POST', '/v1/auth/forgetPassword', { body: { email: uniqueEmail('ghost') } }),
    );
    await s.app.mailQueue.drain();
    const sent = sink.received.slice(before);
    expect(sent.length).toBe(ROUNDS + 1); // every known request mailed the owner, nobody else got mail
    expect(sent.every((m) => m.to.includes(user.email))).toBe(true);
  });

  it('accountConfirmation', async () => {
    const user = await createUser(s, { verified: false });
    await compare(
      'accountConfirmation',
      () => s.api('POST', '/v1/auth/accountConfirmation', { body: { email: user.email } }),
      () => s.api('POST', '/v1/auth/accountConfirmation', { body: { email: uniqueEmail('ghost') } }),
    );
  });

  it('register', async () => {
    const user = await createUser(s);
    const body = (email: string) => ({ username: 'someone', email, password: 'correct horse battery' });
    await compare(
      'register',
      () => s.api('POST', '/v1/auth/register', { body: body(user.email) }),
      () => s.api('POST', '/v1/auth/register', { body: body(uniqueEmail('new')) }),
    );
  });
});

describe('the mail worker', () => {
  let sink: SmtpSink;
  let s: TestServer;
  beforeEach(async () => {
    sink = await startSmtpSink();
    s = await startTestServer({
      env: { SMTP_URL: sink.url, MAIL_RETRY_BASE_SECONDS: '30', MAIL_MAX_ATTEMPTS: '3', MAIL_POLL_MS: '60000' },
    });
  });
  afterEach(async () => {
    await s.close();
    await sink.close();
  });

  const health = async () => (await s.api('GET', '/v1/health')).body.mail;

  it('retries a refused mail with growing delays and reports the backlog until it is sent', async () => {
    const user = await createUser(s);
    await s.app.mailQueue.drain();
    const sentBefore = sink.received.length;
    sink.failNext(2);
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: user.email } });
    await s.app.mailQueue.drain();
    expect(await health()).toEqual({ backlog: 1, failed: 0, oldestBacklogSeconds: 0 });
    s.clock.advanceSeconds(30); // first retry after 30 s
    await s.app.mailQueue.drain();
    expect((await health()).backlog).toBe(1);
    s.clock.advanceSeconds(59); // second retry after 60 s: not yet
    await s.app.mailQueue.drain();
    expect(sink.received.length).toBe(sentBefore);
    s.clock.advanceSeconds(1);
    await s.app.mailQueue.drain();
    expect(sink.received.length).toBe(sentBefore + 1);
    expect(await health()).toEqual({ backlog: 0, failed: 0, oldestBacklogSeconds: 0 });
    const job = await s.app.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('kind', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('gives up after MAIL_MAX_ATTEMPTS and reports the failure in /health', async () => {
    sink.failNext(100);
    const user = await createUser(s, { verified: false });
    await s.app.mailQueue.drain();
    for (const wait of [30, 60]) {
      s.clock.advanceSeconds(wait);
      await s.app.mailQueue.drain();
    }
    expect(await health()).toEqual({ backlog: 0, failed: 1, oldestBacklogSeconds: 0 });
    const job = await s.app.db
      .selectFrom('mail_jobs')
      .selectAll()
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job.last_error).toMatch(/Try again later/);
  });

  it('keeps the queue in the database: a mail queued by one start is sent by the next', async () => {
    const user = await createUser(s);
    await s.app.mailQueue.drain();
    const sentBefore = sink.received.length;
    sink.failNext(1);
    await s.api('POST', '/v1/auth/forgetPassword', { body: { email: user.email } });
    await s.app.mailQueue.drain();
    expect((await health()).backlog).toBe(1);
    const jobs = await s.app.db
      .selectFrom('mail_jobs')
      .select(['kind', 'status'])
      .where('status', '=', 'pending')
      .execute();
    expect(jobs).toEqual([{ kind: 'reset', status: 'pending' }]);
    s.clock.advanceSeconds(30);
    await s.app.mailQueue.drain();
    expect(sink.received.length).toBe(sentBefore + 1);
    expect(sink.received.at(-1)?.raw).toContain(`resetPassword/`);
  });
});
