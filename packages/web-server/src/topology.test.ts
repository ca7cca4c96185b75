import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  postgresBinaries,
  redisBinary,
  requestFrom,
  startOwnRedis,
  startTestCluster,
  startWriteTraffic,
  type TestCluster,
  type TestRedis,
  type WriteTraffic,
} from '@kloof/api-server/testing';
import { releasesLayout } from '@kloof/release-store/folder';
import { tempDir } from '@kloof/release-tool/testing';
import { e2e } from '@kloof/test-kit/e2e/environment';
import { scaled } from '@kloof/test-kit/slowdown';
import { defaultRuntimeConfig } from './runtime-config';
import { releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { ApiInstance, freePortIn, waitFor } from './testing/api-instance';
import { steadyGets } from './testing/steady-gets';

// Issue 25, "more than one machine": two real API processes on ONE PostgreSQL and ONE Redis behind
// one real web server behave as one site. Everything runs on a PostgreSQL cluster and a Redis of
// this file's own, so it runs the same in the PGlite and the PostgreSQL run of the suite.

const pgBin = postgresBinaries();
const missing = [
  !pgBin && 'PostgreSQL server programs (PG_BIN or Debian postgresql 15)',
  !redisBinary() && 'redis-server',
]
  .filter(Boolean)
  .join(' and ');
if (missing) console.warn(`topology test skipped: no ${missing}`);
const describeTopology = missing ? describe.skip : describe;

/** Wrong sign-ins one client address may make per window on the whole site (not per instance). */
const LOGIN_LIMIT = 8;
/** A sign-out or role change must hold on every instance within this (issue 25). */
const ENFORCEMENT_LIMIT_MS = 1_000;

interface Answer {
  status: number;
  body: any;
}

/** One JSON request to `base` (the web server or one instance directly), optionally from another loopback address. */
async function call(
  base: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const { status, body } = await requestFrom(
    options.from ?? '127.0.0.1',
    `${base}${route}`,
    method,
    options.body,
    headers,
  );
  return { status, body };
}

interface Session {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

async function signIn(base: string, email: string, password: string): Promise<Session> {
  const login = await call(base, 'POST', '/v1/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}`);
  return { id: login.body.user.id, email, password, ...login.body };
}

/**
 * Registers through `base`, confirms with the code from the dev outbox of `mailbox` (an instance:
 * the web server never forwards /v1/dev; the mail worker is asynchronous, hence the wait), signs in.
 */
async function verifiedUser(base: string, mailbox: ApiInstance): Promise<Session> {
  const email = `topology-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'topology test passphrase';
  const registered = await call(base, 'POST', '/v1/auth/register', {
    body: { username: email.split('@')[0], email, password },
  });
  expect(registered.status).toBe(201);
  let code: string | undefined;
  await waitFor(`the confirmation mail to ${email}`, async () => {
    const outbox = await call(mailbox.origin, 'GET', `/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    code = outbox.body?.items?.[0]?.code;
    return !!code;
  });
  const confirmed = await call(base, 'POST', '/v1/auth/accountConfirmation/confirm', { body: { email, otp: code } });
  expect(confirmed.status).toBe(200);
  return signIn(base, email, password);
}

/**
 * How long until `refused` holds (polled, each poll a real request), and how many requests were
 * still served before it did (0: the very first one was refused); fails after a few seconds.
 */
async function untilRefused(
  what: string,
  refused: () => Promise<boolean>,
): Promise<{ ms: number; servedMeanwhile: number }> {
  const since = Date.now();
  let polls = 0;
  await waitFor(
    what,
    async () => {
      polls++;
      return refused();
    },
    scaled(5_000),
  );
  return { ms: Date.now() - since, servedMeanwhile: polls - 1 };
}

describeTopology('two API processes on one PostgreSQL and one Redis behind one web server', () => {
  let cluster: TestCluster;
  let redis: TestRedis;
  let apis: [ApiInstance, ApiInstance];
  let web: FastifyInstance;
  let site: string;
  let admin: Session;
  const upstreamChanges: string[] = [];

  beforeAll(async () => {
    cluster = await startTestCluster(pgBin as string);
    redis = (await startOwnRedis()) as TestRedis;
    const env = {
      DATABASE_URL: cluster.url,
      REDIS_URL: redis.url,
      RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
      // Info: every request is logged with its request id, which tells which instance served it.
      LOG_LEVEL: 'info',
    };
    const firstPort = await freePortIn(5100, 5189);
    const secondPort = await freePortIn(firstPort + 1, 5189);
    // One after the other: the first start migrates the empty database and creates the admin.
    const first = await ApiInstance.start(firstPort, env);
    const second = await ApiInstance.start(secondPort, env);
    apis = [first, second];

    web = await buildStaticServer({
      site: releasesSite(releasesLayout(path.join(await tempDir(), 'releases'))),
      runtimeConfig: defaultRuntimeConfig,
      apiUpstream: apis.map((api) => api.origin),
      upstreamHealth: { intervalMs: 250, timeoutMs: scaled(2_000) },
      onUpstreamChange: (line) => upstreamChanges.push(`${new Date().toISOString()} ${line}`),
    });
    const webPort = await freePortIn(5190, 5199);
    await web.listen({ port: webPort, host: '127.0.0.1' });
    site = `http://127.0.0.1:${webPort}`;
    admin = await signIn(site, e2e.admin.email, e2e.admin.password);
  }, scaled(240_000));

  afterAll(async () => {
    await web?.close();
    await Promise.all((apis ?? []).map((api) => api.remove()));
    await redis?.stop();
    await cluster?.destroy();
  }, scaled(60_000));

  it(
    'refuse the access and refresh token of a session signed out through the other instance within 1 s',
    async () => {
      const [one, two] = apis;
      const user = await verifiedUser(site, one);
      expect((await call(two.origin, 'GET', '/v1/current-user', { token: user.accessToken })).status).toBe(200);

      const signedOut = await call(one.origin, 'POST', '/v1/auth/logout', {
        body: { refreshToken: user.refreshToken },
      });
      expect(signedOut.status).toBe(204);
      const enforced = await untilRefused(
        'instance 2 to refuse the signed-out access token',
        async () => (await call(two.origin, 'GET', '/v1/current-user', { token: user.accessToken })).status === 401,
      );
      const refresh = await call(two.origin, 'POST', '/v1/auth/refreshToken', {
        body: { refreshToken: user.refreshToken },
      });
      console.info(
        `topology: sign-out on instance 1 enforced by instance 2 after ${enforced.ms} ms ` +
          `(${enforced.servedMeanwhile} requests still served)`,
      );
      expect(enforced.ms).toBeLessThan(ENFORCEMENT_LIMIT_MS);
      expect(refresh.status).toBe(401);
    },
    scaled(30_000),
  );

  it(
    'enforce a role taken away through one instance on the other within 1 s',
    async () => {
      const [one, two] = apis;
      const user = await verifiedUser(site, one);
      // A role change needs the admin's password checked in the last few minutes (fresh proof).
      const proof = await call(one.origin, 'POST', '/v1/current-user/fresh-proof', {
        token: admin.accessToken,
        body: { kind: 'password', password: admin.password },
      });
      expect(proof.status).toBe(200);
      const promoted = await call(one.origin, 'PATCH', `/v1/users/${user.id}`, {
        token: admin.accessToken,
        body: { roles: ['Admin'] },
      });
      expect(promoted.status).toBe(200);
      const asAdmin = await signIn(two.origin, user.email, user.password);
      expect((await call(two.origin, 'GET', '/v1/users', { token: asAdmin.accessToken })).status).toBe(200);

      const demoted = await call(one.origin, 'PATCH', `/v1/users/${user.id}`, {
        token: admin.accessToken,
        body: { roles: [] },
      });
      expect(demoted.status).toBe(200);
      let refusedWith = 0;
      const enforced = await untilRefused('instance 2 to refuse the demoted admin', async () => {
        refusedWith = (await call(two.origin, 'GET', '/v1/users', { token: asAdmin.accessToken })).status;
        return refusedWith !== 200;
      });
      console.info(
        `topology: role change on instance 1 enforced by instance 2 after ${enforced.ms} ms ` +
          `(${enforced.servedMeanwhile} requests still served)`,
      );
      expect(enforced.ms).toBeLessThan(ENFORCEMENT_LIMIT_MS);
      expect(refusedWith).toBe(401); // a role change revokes the user's sessions
    },
    scaled(30_000),
  );

  it('count wrong sign-ins from one address alternating between the instances together (in the shared Redis)', async () => {
    const client = '127.0.0.23'; // an address of its own: TRUST_PROXY names only the web server
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt++) {
      const instance = apis[attempt % apis.length] as ApiInstance;
      // A new address each time: the per-account layer (its own 429 after a few failures) stays out of the count.
      const body = { email: `limits-${randomBytes(4).toString('hex')}@example.com`, password: 'not the password' };
      statuses.push((await call(instance.origin, 'POST', '/v1/auth/login', { body, from: client })).status);
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
    // Counted in Redis alone: the database's own counter table (used without REDIS_URL) stays empty.
    expect(await cluster.query('select * from rate_limits')).toEqual([]);
  });

  it(
    'lose no GET and no acknowledged write when one instance is killed (kill -9) under traffic',
    async () => {
      const [survivor, victim] = apis;
      const prefix = `topology-${randomBytes(3).toString('hex')}`;
      const reads = steadyGets(site, prefix, {
        route: '/v1/current-user',
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      let writes: WriteTraffic | undefined;
      const servedBy = (api: ApiInstance) => api.output.includes(`"reqId":"${prefix}-`);
      try {
        writes = startWriteTraffic(site, admin.accessToken, {
          workers: 2,
          prefix,
          requestTimeoutMs: scaled(40_000), // beyond the web server's own 30 s wait for an answer
        });
        await waitFor('both instances to serve the readers', () => servedBy(survivor) && servedBy(victim));
        await writes.waitFor((r) => r.status === 201, 20, 0, scaled(30_000));

        const killedAt = Date.now();
        const readsBeforeKill = reads.sent;
        await victim.crash();
        await waitFor('the web server to mark the dead instance down', () =>
          upstreamChanges.some((line) => line.includes(`${victim.origin} is down`)),
        );
        const markedDownMs = Date.now() - killedAt;
        // Traffic carries on against the survivor alone.
        await waitFor('500 more GETs after the kill', () => reads.sent > readsBeforeKill + 500);
        await writes.waitFor((r) => r.status === 201, 50, killedAt, scaled(30_000));
        await reads.stop();
        await writes.stop();

        const answered = writes.results;
        const acknowledged = answered.filter((r) => r.status === 201);
        const badGateway = answered.filter((r) => r.status === 502);
        const otherAnswers = answered.filter((r) => r.status !== 201 && r.status !== 502);
        const stored = await cluster.query<{ id: string; name: string }>(
          `select id, name from workspaces where name like '${prefix}-%'`,
        );
        const storedIds = new Set(stored.map((row) => row.id));
        const lost = acknowledged.filter((r) => !storedIds.has(String(r.body?.id)));
        const storedNames = stored.map((row) => row.name);
        const doubleInserts = storedNames.filter((name, i) => storedNames.indexOf(name) !== i);
        console.info(
          `topology kill -9: ${reads.sent} GETs, ${reads.failures.length} failed; ${answered.length} POSTs, ` +
            `${acknowledged.length} acknowledged (201), ${lost.length} lost, ${badGateway.length} answered 502 ` +
            `(${stored.length - acknowledged.length} of those stored anyway), ${doubleInserts.length} double inserts; ` +
            `dead instance marked down ${markedDownMs} ms after SIGKILL\n${upstreamChanges.join('\n')}`,
        );
        expect(reads.failures).toEqual([]);
        expect(lost).toEqual([]);
        expect(doubleInserts).toEqual([]);
        expect(otherAnswers).toEqual([]); // no transport failure, no answer besides 201 and the told 502
      } finally {
        await reads.stop();
        await writes?.stop();
      }
    },
    scaled(180_000),
  );
});
