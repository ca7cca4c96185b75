import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, loadConfig } from '@kloof/api-server';
import { releasesLayout } from '@kloof/release-store/folder';
import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import type { SiteState } from '../src/site-state';

/**
 * A site of a test's own: a PGlite data folder (PostgreSQL with its own schema when the run sets
 * DATABASE_URL) and a releases folder, in one temporary folder; the API is started and stopped on it.
 */
export interface TestSite extends SiteState {
  work: string;
  startApi(): Promise<Api>;
  /** PostgreSQL: the addresses of the users table, read straight from the schema. */
  userEmails(): Promise<string[]>;
  remove(): Promise<void>;
}

export interface Api {
  app: Awaited<ReturnType<typeof buildServer>>;
  call<T = any>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
}

export async function testSite(name: string): Promise<TestSite> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `kloof-${name}-`));
  const schema = process.env.DATABASE_URL ? `t_${name.replace(/\W/g, '_')}_${process.pid}` : undefined;
  const config = loadConfig({
    ...apiTestEnv,
    DATA_DIR: path.join(work, 'data', 'pglite'),
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  const running = new Set<Api['app']>();
  return {
    work,
    database: config,
    releases: releasesLayout(path.join(work, 'releases')),
    ...(process.env.DATABASE_URL && (await hasDebianPg()) ? { pgBin: DEBIAN_PG_BIN } : {}),
    async startApi() {
      const app = await buildServer(config);
      running.add(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      return {
        app,
        async call(method, url, body, token) {
          const response = await fetch(origin + url, {
            method,
            headers: {
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: body === undefined ? null : JSON.stringify(body),
          });
          const text = await response.text();
          return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
        },
      };
    },
    async userEmails() {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ email: string }>(`select email from ${schema}.users order by email`);
        return rows.map((row) => row.email);
      } finally {
        await client.end();
      }
    },
    async remove() {
      // A test that failed half-way leaves its API open (closing a closed one does nothing).
      await Promise.all([...running].map((app) => app.close()));
      if (schema && config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      await fs.rm(work, { recursive: true, force: true });
    },
  };
}

const DEBIAN_PG_BIN = '/usr/lib/postgresql/15/bin';
const hasDebianPg = () =>
  fs.stat(path.join(DEBIAN_PG_BIN, 'pg_dump')).then(
    () => true,
    () => false,
  );

/** A verified client, signed in, through the API as a visitor signs up (the code from the outbox). */
export async function signedUpClient(api: Api, email: string, password = 'drill password 1'): Promise<string> {
  expect((await api.call('POST', '/v1/auth/register', { username: email.split('@')[0], email, password })).status).toBe(
    201,
  );
  await api.app.mailQueue.drain(); // the mail worker delivers the code
  const outbox = await api.call<{ items: { code?: string }[] }>(
    'GET',
    `/v1/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  const otp = outbox.body.items[0]?.code;
  expect((await api.call('POST', '/v1/auth/accountConfirmation/confirm', { email, otp })).status).toBe(200);
  return signIn(api, email, password);
}

export async function signIn(api: Api, email: string, password = 'drill password 1'): Promise<string> {
  const login = await api.call<{ accessToken: string }>('POST', '/v1/auth/login', { email, password });
  expect(login.status).toBe(200);
  return login.body.accessToken;
}

/** A workspace with one project of that name; the project's id. */
export async function projectOf(api: Api, token: string, name: string): Promise<string> {
  const workspace = await api.call<{ id: string }>('POST', '/v1/workspaces', { name: `${name} workspace` }, token);
  expect(workspace.status).toBe(201);
  const project = await api.call<{ id: string }>(
    'POST',
    '/v1/projects',
    { workspaceId: workspace.body.id, name },
    token,
  );
  expect(project.status).toBe(201);
  return project.body.id;
}
