import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { scaled } from '@kloof/test-kit/slowdown';
import { pruneRules, type PruneRule } from '../maintenance/prune-rules';
import { startTestServer, type TestServer } from '../../testing/harness';
import { createUser } from '../../testing/users';

const DAY = 24 * 3600 * 1000;

/** Rows on both sides of every rule: `old` ones must go, `keep` ones must stay. */
async function plantRows(s: TestServer, userId: string) {
  const now = s.clock.now().getTime();
  const at = (ms: number) => new Date(now + ms);
  const db = s.app.db;
  const session = (name: string, fields: { expires_at: Date; revoked_at?: Date; used_at?: Date }) => ({
    id: randomUUID(),
    family_id: randomUUID(),
    user_id: userId,
    token_hash: `planted-${name}-${randomUUID()}`,
    used_at: null,
    revoked_at: null,
    created_at: at(-40 * DAY),
    absolute_expires_at: fields.expires_at,
    ...fields,
  });
  await db
    .insertInto('sessions')
    .values([
      session('expired-long-ago', { expires_at: at(-31 * DAY) }),
      session('revoked-long-ago', { expires_at: at(10 * DAY), revoked_at: at(-31 * DAY) }),
      session('expired-yesterday', { expires_at: at(-1 * DAY) }),
      session('revoked-yesterday', { expires_at: at(10 * DAY), revoked_at: at(-1 * DAY) }),
    ])
    .execute();
  const otp = (fields: { expires_at: Date; used_at: Date | null }) => ({
    id: randomUUID(),
    user_id: userId,
    purpose: 'reset' as const,
    code_hash: `planted-${randomUUID()}`,
    created_at: at(-40 * DAY),
    ...fields,
  });
  await db
    .insertInto('otps')
    .values([
      otp({ expires_at: at(-31 * DAY), used_at: null }),
      otp({ expires_at: at(5 * DAY), used_at: at(-31 * DAY) }),
      otp({ expires_at: at(-1 * DAY), used_at: at(-1 * DAY) }),
      otp({ expires_at: at(5 * 60 * 1000), used_at: null }),
    ])
    .execute();
  await db
    .insertInto('rate_limits')
    .values([
      { key: 'planted:ended', count: 3, reset_at: now - 1 },
      { key: 'planted:current', count: 3, reset_at: now + 60_000 },
    ])
    .execute();
  const mail = (created: Date) => ({
    id: randomUUID(),
    to_address: 'planted@example.com',
    subject: 'planted',
    text: 'planted',
    html: null,
    code: null,
    created_at: created,
  });
  await db
    .insertInto('outbox')
    .values([mail(at(-31 * DAY)), mail(at(-1 * DAY))])
    .execute();
  const job = (status: 'pending' | 'sent' | 'failed', finished: Date | null) => ({
    id: randomUUID(),
    kind: 'planted',
    to_address: 'planted@example.com',
    status,
    next_attempt_at: at(-40 * DAY),
    created_at: at(-40 * DAY),
    finished_at: finished,
  });
  await db
    .insertInto('mail_jobs')
    .values([job('sent', at(-31 * DAY)), job('failed', at(-31 * DAY)), job('sent', at(-1 * DAY)), job('pending', null)])
    .execute();
  const bootstrap = (created: Date, used: Date | null) => ({
    id: randomUUID(),
    token_hash: `planted-${randomUUID()}`,
    used_at: used,
    created_at: created,
    expires_at: new Date(created.getTime() + 3600_000),
  });
  await db
    .insertInto('bootstrap_tokens')
    .values([bootstrap(at(-31 * DAY), null), bootstrap(at(-40 * DAY), at(-31 * DAY)), bootstrap(at(-1 * DAY), null)])
    .execute();
}

const planted = { sessions: 2, otps: 2, rate_limits: 1, outbox: 1, mail_jobs: 2, bootstrap_tokens: 2 };

async function countRows(s: TestServer) {
  const db = s.app.db;
  const n = async (q: Promise<{ n: string | number | bigint }>) => Number((await q).n);
  return {
    sessions: await n(
      db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('token_hash', 'like', 'planted-%')
        .executeTakeFirstOrThrow(),
    ),
    otps: await n(
      db
        .selectFrom('otps')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('code_hash', 'like', 'planted-%')
        .executeTakeFirstOrThrow(),
    ),
    rate_limits: await n(
      db
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('key', 'like', 'planted:%')
        .executeTakeFirstOrThrow(),
    ),
    outbox: await n(
      db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('subject', '=', 'planted')
        .executeTakeFirstOrThrow(),
    ),
    mail_jobs: await n(
      db
        .selectFrom('mail_jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'planted')
        .executeTakeFirstOrThrow(),
    ),
    bootstrap_tokens: await n(
      db
        .selectFrom('bootstrap_tokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('token_hash', 'like', 'planted-%')
        .executeTakeFirstOrThrow(),
    ),
  };
}

describe('pruning job', () => {
  let s: TestServer;
  afterEach(async () => s?.close());

  it('removes ended rate-limit windows, and sessions, codes, outbox mail, finished mail jobs and bootstrap tokens past the retention', async () => {
    s = await startTestServer();
    const user = await createUser(s);
    await plantRows(s, user.id);
    expect(await countRows(s)).toEqual({
      sessions: 4,
      otps: 4,
      rate_limits: 2,
      outbox: 2,
      mail_jobs: 4,
      bootstrap_tokens: 3,
    });

    const deleted = await s.app.prune();
    expect(deleted).toMatchObject(planted);
    expect(await countRows(s)).toEqual({
      sessions: 2,
      otps: 2,
      rate_limits: 1,
      outbox: 1,
      mail_jobs: 2,
      bootstrap_tokens: 1,
    });

    // What a signed-in user needs is untouched.
    expect((await s.api('GET', '/v1/current-user', { token: user.accessToken })).status).toBe(200);
    expect((await s.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: user.refreshToken } })).status).toBe(
      200,
    );
    // A second run finds nothing more.
    expect(Object.values((await s.app.prune()) ?? {}).every((n) => n === 0)).toBe(true);
  });

  it('forgets browsers not seen on their account for 180 days', async () => {
    s = await startTestServer();
    const user = await createUser(s);
    const now = s.clock.now().getTime();
    const device = (hash: string, daysAgo: number) => ({
      user_id: user.id,
      device_hash: hash,
      created_at: new Date(now - 400 * DAY),
      last_seen_at: new Date(now - daysAgo * DAY),
    });
    await s.app.db
      .insertInto('known_devices')
      .values([device('planted-gone', 181), device('planted-kept', 179)])
      .execute();
    expect(await s.app.prune()).toMatchObject({ known_devices: 1 });
    const left = await s.app.db
      .selectFrom('known_devices')
      .select('device_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((d) => d.device_hash)).toEqual(['planted-kept']);
  });

  it('keeps rows for RETENTION_DAYS: with 60 days nothing ended 31 days ago goes', async () => {
    s = await startTestServer({ env: { RETENTION_DAYS: '60' } });
    const user = await createUser(s);
    await plantRows(s, user.id);
    expect(await s.app.prune()).toMatchObject({
      sessions: 0,
      otps: 0,
      rate_limits: 1,
      outbox: 0,
      mail_jobs: 0,
      bootstrap_tokens: 0,
    });
  });

  it('runs by itself every PRUNE_INTERVAL_SECONDS', async () => {
    s = await startTestServer({ env: { PRUNE_INTERVAL_SECONDS: '1' } });
    const user = await createUser(s);
    await plantRows(s, user.id);
    const pruned = { sessions: 2, otps: 2, rate_limits: 1, outbox: 1, mail_jobs: 2, bootstrap_tokens: 1 };
    const deadline = Date.now() + scaled(20_000);
    let left = await countRows(s);
    // Until every table is pruned: a run goes table by table, so one table done is not the run done.
    while (!isDeepStrictEqual(left, pruned) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = await countRows(s);
    }
    expect(left).toEqual(pruned);
  });

  it('is safe when several API instances prune the same database at once', async () => {
    s = await startTestServer();
    // On PostgreSQL a second instance on the same schema; on PGlite (one writer) the same instance twice.
    // Started before the rows are planted: a start replaces older unused bootstrap tokens itself.
    const other = s.config.databaseUrl ? await startTestServer({ config: s.config, clock: s.clock }) : undefined;
    try {
      const user = await createUser(s);
      await plantRows(s, user.id);
      const runs = await Promise.all([s.app.prune(), (other ?? s).app.prune(), s.app.prune()]);
      const total: Record<string, number> = {};
      for (const run of runs)
        for (const [table, n] of Object.entries(run ?? {})) total[table] = (total[table] ?? 0) + n;
      expect(total).toMatchObject(planted);
      expect(runs.some((r) => r !== null)).toBe(true);
    } finally {
      await other?.app.close();
    }
  });

  describe('a backlog', () => {
    /** `n` sessions that expired 40 days ago, each with its family, inserted as the migrations shape them. */
    async function plantExpiredSessions(server: TestServer, userId: string, n: number) {
      const expired = new Date(server.clock.now().getTime() - 40 * DAY);
      await sql`with family as (
          insert into session_families (family_id, user_id, browser, os, ip, created_at, last_used_at)
          select gen_random_uuid(), ${userId}, 'Firefox', 'Linux', '127.0.0.1', ${expired}, ${expired}
          from generate_series(1, ${n})
          returning family_id
        )
        insert into sessions (id, family_id, user_id, token_hash, expires_at, absolute_expires_at, created_at)
        select gen_random_uuid(), family_id, ${userId}, 'backlog-' || family_id, ${expired}, ${expired}, ${expired}
        from family`.execute(server.app.db);
    }
    const backlogLeft = async (server: TestServer) =>
      Number(
        (
          await server.app.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('token_hash', 'like', 'backlog-%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The real rules, the sessions rule reporting each statement's count to `seen`. */
    const watchingSessions = (seen: (deleted: number) => void): PruneRule[] =>
      pruneRules.map((rule) =>
        rule.table !== 'sessions'
          ? rule
          : {
              ...rule,
              async *batches(db, at, limit) {
                for await (const n of rule.batches(db, at, limit)) {
                  seen(n);
                  yield n;
                }
              },
            },
      );

    it('clears in statements of PRUNE_BATCH_ROWS rows each, and the families its tokens leave empty', async () => {
      const batches: number[] = [];
      s = await startTestServer({
        env: { PRUNE_BATCH_ROWS: '10' },
        build: { pruneRules: watchingSessions((n) => batches.push(n)) },
      });
      const user = await createUser(s);
      await plantExpiredSessions(s, user.id, 35);
      expect(await s.app.prune()).toMatchObject({ sessions: 35, session_families: 35 });
      expect(batches.filter((n) => n > 0)).toEqual([10, 10, 10, 5]);
      expect(await backlogLeft(s)).toBe(0);
      // The signed-in user's own family (its token is live) stays.
      expect(await s.app.db.selectFrom('session_families').select('user_id').execute()).toEqual([{ user_id: user.id }]);
    });

    it('a table that fails is logged and every other table is still pruned', async () => {
      const lines: string[] = [];
      const broken: PruneRule = {
        table: 'broken',
        what: 'a rule whose statement fails',
        async *batches(db) {
          await sql`delete from no_such_table`.execute(db);
          yield 0;
        },
      };
      s = await startTestServer({
        env: { LOG_LEVEL: 'error' },
        build: { pruneRules: [broken, ...pruneRules], logStream: { write: (line) => lines.push(line) } },
      });
      const user = await createUser(s);
      await plantRows(s, user.id);
      expect(await s.app.prune()).toMatchObject({ broken: 0, ...planted });
      const failure = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((l) => l.table === 'broken');
      expect(failure?.msg).toBe('pruning a table failed; the other tables go on, it is tried again next interval');
    });

    it('a run stopped part-way keeps what it deleted, and the next start goes on', async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'kloof-prune-'));
      let first: TestServer | undefined;
      let closing: Promise<void> | undefined;
      try {
        let statements = 0;
        first = await startTestServer({
          // PGlite in a folder (PostgreSQL: the test's schema) so that the second start opens the same data.
          env: { PRUNE_BATCH_ROWS: '10', DATA_DIR: path.join(dir, 'pglite') },
          build: {
            pruneRules: watchingSessions(() => {
              statements += 1;
              if (statements === 2) closing = first?.app.close(); // stop the process after two statements
            }),
          },
        });
        const user = await createUser(first);
        await plantExpiredSessions(first, user.id, 100);
        const stopped = await first.app.prune();
        await closing;
        expect(stopped?.sessions).toBeGreaterThanOrEqual(20);
        expect(stopped?.sessions).toBeLessThan(100);

        s = await startTestServer({ config: first.config, clock: first.clock });
        expect(await backlogLeft(s)).toBe(100 - (stopped?.sessions ?? 0));
        expect(await s.app.prune()).toMatchObject({ sessions: 100 - (stopped?.sessions ?? 0) });
        expect(await backlogLeft(s)).toBe(0);
      } finally {
        await s?.app.close();
        await first?.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
