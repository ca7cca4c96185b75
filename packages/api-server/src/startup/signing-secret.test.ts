import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { scaled } from '@kloof/test-kit/slowdown';
import { preparedDataDir } from '../../testing/api-process';
import { startTestServer, TestClock, testConfig } from '../../testing/harness';
import { createUser } from '../../testing/users';
import { rotateStoredSecret } from './signing-secret';

async function dropSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

describe('rotating the stored signing secret (pnpm rotate-secret)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kloof-rotate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'signs everybody out at once, and after a restart tokens made with the old secret are refused while sign-in works',
    async () => {
      let config = testConfig({ DATA_DIR: dir });
      if (config.databaseUrl) config = { ...config, databaseSchema: `t_rotate_${process.pid}` };
      else await preparedDataDir(dir);
      const clock = new TestClock();
      const first = await startTestServer({ config, clock });
      const u = await createUser(first, {});
      const before = (await first.app.db.selectFrom('app_secrets').select('value').executeTakeFirstOrThrow()).value;

      const rotation = await rotateStoredSecret(first.app.db, undefined, clock.now());
      expect(rotation.replaced).toBe(true);
      expect(rotation.sessionsSignedOut).toBeGreaterThanOrEqual(1);
      // The running instance still holds the old secret, but the sessions are gone.
      expect((await first.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(401);
      await first.app.close();

      const second = await startTestServer({ config, clock });
      try {
        const after = (await second.app.db.selectFrom('app_secrets').select('value').executeTakeFirstOrThrow()).value;
        expect(after).not.toBe(before);
        expect((await second.api('GET', '/v1/current-user', { token: u.accessToken })).status).toBe(401);
        const refresh = await second.api('POST', '/v1/auth/refreshToken', { body: { refreshToken: u.refreshToken } });
        expect(refresh.status).toBe(401);
        const login = await second.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
        expect(login.status).toBe(200);
        expect((await second.api('GET', '/v1/current-user', { token: login.body.accessToken })).status).toBe(200);
      } finally {
        await second.app.close();
        if (config.databaseUrl) await dropSchema(config.databaseUrl, config.databaseSchema as string);
      }
    },
    scaled(120_000),
  );

  it('with JWT_SECRET set only deletes the unused stored secret', async () => {
    const s = await startTestServer();
    try {
      expect(await rotateStoredSecret(s.app.db, 'x'.repeat(32), s.clock.now())).toEqual({
        replaced: false,
        sessionsSignedOut: 0,
      });
      // the signing secret is gone; the TOTP key's fingerprint (not a secret) stays
      expect(await s.app.db.selectFrom('app_secrets').select('key').execute()).toEqual([
        { key: 'totp_key_fingerprint' },
      ]);
    } finally {
      await s.close();
    }
  });
});
