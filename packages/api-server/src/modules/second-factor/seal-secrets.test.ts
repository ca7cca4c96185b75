import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSecret, generateSync } from 'otplib';
import { createSecretBox } from '../../lib/secret-box';
import { checkKeyFingerprint, TotpKeyMismatchError, totpKeyMaterial, TOTP_KEY_FILE } from '../../startup/totp-key';
import { startTestServer, type TestServer } from '../../../testing/harness';
import { createUser, proveFresh } from '../../../testing/users';
import { sealPlainTotpSecrets } from './seal-secrets';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

const storedSecret = async (userId: string) =>
  (await s.app.db.selectFrom('user_totp').select('secret').where('user_id', '=', userId).executeTakeFirstOrThrow())
    .secret;

describe('authenticator-app keys at rest', () => {
  it('are stored sealed (AES-256-GCM), never as the key handed to the user', async () => {
    const u = await createUser(s);
    await proveFresh(s, u);
    const { secret } = (await s.api('POST', '/v1/current-user/totp', { token: u.accessToken })).body;
    const stored = await storedSecret(u.id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(s.app.totpSecrets.open(stored, u.id)).toBe(secret);
  });

  it('written in plain text before sealing began are sealed at start and keep working', async () => {
    const u = await createUser(s);
    const secret = generateSecret({ length: 20 });
    // as migration 0010 left them: plain text, already on
    await s.app.db
      .insertInto('user_totp')
      .values({ user_id: u.id, secret, enabled_at: s.clock.now(), last_step: null, created_at: s.clock.now() })
      .execute();
    expect(await sealPlainTotpSecrets(s.app.db, s.app.totpSecrets)).toBe(1);
    expect(await storedSecret(u.id)).toMatch(/^v1:/);
    expect(await sealPlainTotpSecrets(s.app.db, s.app.totpSecrets)).toBe(0);
    const first = await s.api('POST', '/v1/auth/login', { body: { email: u.email, password: u.password } });
    const code = generateSync({ secret, epoch: s.clock.now().getTime() / 1000 });
    const done = await s.api('POST', '/v1/auth/login/second-factor', {
      body: { challenge: first.body.challenge, code },
    });
    expect(done.status).toBe(200);
  });

  it('a sealed key copied onto another account does not open there', async () => {
    const [a, b] = [await createUser(s), await createUser(s)];
    await proveFresh(s, a);
    await s.api('POST', '/v1/current-user/totp', { token: a.accessToken });
    const sealed = await storedSecret(a.id);
    expect(() => s.app.totpSecrets.open(sealed, b.id)).toThrow();
  });

  it('an instance with another key refuses to start instead of failing every code', async () => {
    await expect(checkKeyFingerprint(s.app.db, s.app.totpSecrets, s.clock.now())).resolves.toBeUndefined();
    const other = createSecretBox('another key entirely, 32+ characters long', 'totp-secret');
    await expect(checkKeyFingerprint(s.app.db, other, s.clock.now())).rejects.toBeInstanceOf(TotpKeyMismatchError);
  });
});

describe('the key material', () => {
  it('is TOTP_ENCRYPTION_KEY when set, else a private file next to the data folder, made once', () => {
    expect(totpKeyMaterial({ totpEncryptionKey: 'k'.repeat(40), dataDir: '/nowhere/pglite' })).toBe('k'.repeat(40));
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kloof-totp-key-'));
    try {
      const dataDir = path.join(root, 'pglite');
      const first = totpKeyMaterial({ totpEncryptionKey: undefined, dataDir });
      expect(first.length).toBeGreaterThanOrEqual(48);
      expect(totpKeyMaterial({ totpEncryptionKey: undefined, dataDir })).toBe(first);
      expect(fs.statSync(path.join(root, TOTP_KEY_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
