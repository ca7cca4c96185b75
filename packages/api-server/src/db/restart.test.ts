import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scaled } from '@kloof/test-kit/slowdown';
import { preparedDataDir } from '../../testing/api-process';
import { startTestServer, TestClock, testConfig } from '../../testing/harness';
import { createUser } from '../../testing/users';
import pg from 'pg';

async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

describe('data kept across a restart', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-api-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps users, workspaces and sessions (same signing secret) after the server restarts',
    async () => {
      // PGlite in a data folder; on PostgreSQL the same schema is reused by the second server.
      let config = testConfig({ DATA_DIR: dir });
      if (config.databaseUrl) config = { ...config, databaseSchema: `t_restart_${process.pid}` };
      // A migrated folder from the test template: initdb (the first start) is tested with real processes.
      else await preparedDataDir(dir);
      const clock = new TestClock();
      const first = await startTestServer({ config, clock });
      const u = await createUser(first, {});
      const w = await first.api('POST', '/v1/workspaces', { token: u.accessToken, body: { name: 'Persistent' } });
      expect(w.status).toBe(201);
      await first.app.close();

      const second = await startTestServer({ config, clock });
      try {
        expect(second.bootstrapTokens).toHaveLength(1); // still no SuperAdmin: a new one-time token
        const me = await second.api('GET', '/v1/current-user', { token: u.accessToken });
        expect(me.status).toBe(200);
        expect(me.body.email).toBe(u.email);
        const again = await second.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
        expect(again.status).toBe(200);
        const list = await second.api('GET', '/v1/workspaces', { token: again.body.accessToken });
        expect(list.body.items.map((x: { name: string }) => x.name)).toEqual(['Persistent']);
        expect(
          (await second.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } })).status,
        ).toBe(200);
      } finally {
        await second.app.close();
        if (config.databaseUrl) await dropSchema(config.databaseUrl, config.databaseSchema as string);
      }
    },
    scaled(120_000), // three openings of a PGlite data folder: slow on a busy 2-core machine
  );
});
