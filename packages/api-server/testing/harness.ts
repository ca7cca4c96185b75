import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest } from '../src/db/connect';
import { migrations } from '../src/db/migrations';
import { PGLITE_EXTENSIONS, PGliteDialect } from '../src/db/pglite-dialect';
import type { Database } from '../src/db/schema';
import { buildServer, type BuildOptions } from '../src/server';

/** A clock tests can move forward. */
export class TestClock {
  private t = Date.parse('2030-01-01T08:00:00.000Z');
  now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
  advanceSeconds(s: number): void {
    this.t += s * 1000;
  }
}

/** Test config: the tests' overrides (cheap argon2, high limits), in-memory PGlite, no log. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    ...apiTestEnv,
    DATA_DIR: 'memory://',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
}

function migrationsFingerprint(): string {
  const h = createHash('sha256');
  for (const [name, m] of Object.entries(migrations)) h.update(name).update(m.up.toString());
  return h.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data dump kept in the OS temp folder, so each test server starts in ~0.5 s
 * instead of running initdb (~2 s). Rebuilt whenever a migration changes. Not compressed: every
 * start would unzip it again (a third of PGlite's start-up CPU).
 */
export async function pgliteTemplate(): Promise<Blob> {
  const dir = path.join(os.tmpdir(), 'kloof-api-server-test');
  const file = path.join(dir, `pglite-template-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db, { databaseSchema: undefined });
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return new Blob([bytes]);
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  clock: TestClock;
  config: Config;
  bootstrapTokens: string[];
  api<T = any>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a PostgreSQL schema / keep the clock (restart tests). */
  config?: Config;
  clock?: TestClock;
  build?: BuildOptions;
}

/**
 * Starts a real server on a random loopback port. With DATABASE_URL each server gets its own fresh
 * schema, unless its config names one (a restart test reusing it): test files run side by side, and
 * two migrating one schema at once break each other.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  let config = options.config ?? testConfig(options.env);
  let dropSchema: (() => Promise<void>) | undefined;
  if (config.databaseUrl && !config.databaseSchema) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    config = { ...config, databaseSchema: schema };
    const url = config.databaseUrl as string;
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    };
  }
  const clock = options.clock ?? new TestClock();
  const bootstrapTokens: string[] = [];
  const useTemplate = !config.databaseUrl && config.dataDir.startsWith('memory://');
  const app = await buildServer(config, {
    now: clock.now,
    onBootstrapToken: (t) => bootstrapTokens.push(t),
    ...(useTemplate ? { pgliteTemplate: await pgliteTemplate() } : {}),
    ...options.build,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const api: TestServer['api'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(url + p, {
      method,
      headers,
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* keep text */
    }
    return { status: res.status, body, headers: res.headers };
  };

  return {
    app,
    url,
    clock,
    config,
    bootstrapTokens,
    api,
    async close() {
      await app.close();
      if (dropSchema) await dropSchema();
    },
  };
}

export { sql };
