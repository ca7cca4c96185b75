import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { randomToken } from '../lib/crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';
import type { SecretBox } from '../lib/secret-box';

const FINGERPRINT_KEY = 'totp_key_fingerprint';
export const TOTP_KEY_FILE = 'totp-encryption.key';

/**
 * The key material that seals authenticator-app keys, never from the database: TOTP_ENCRYPTION_KEY,
 * else a random key in a private file next to the data folder (created on the first start). A
 * throwaway in-memory database gets a throwaway key.
 */
export function totpKeyMaterial(config: Pick<Config, 'totpEncryptionKey' | 'dataDir'>): string {
  if (config.totpEncryptionKey) return config.totpEncryptionKey;
  if (config.dataDir.startsWith('memory://')) return randomToken(48);
  const dir = path.dirname(config.dataDir);
  const file = path.join(dir, TOTP_KEY_FILE);
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    // 'wx': only the first start writes it; a concurrent one reads what the first wrote.
    fs.writeFileSync(file, `${randomToken(48)}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export class TotpKeyMismatchError extends Error {
  constructor() {
    super(
      'The authenticator-app keys in the database were sealed with another TOTP_ENCRYPTION_KEY (or key file) ' +
        'than this instance has: give every instance the same TOTP_ENCRYPTION_KEY, or restore the key file.',
    );
    this.name = 'TotpKeyMismatchError';
  }
}

/**
 * The database keeps the key's fingerprint (never the key): an instance started with another key
 * refuses to start rather than fail every sign-in with a second factor.
 */
export async function checkKeyFingerprint(db: Db, box: SecretBox, now: Date): Promise<void> {
  await db
    .insertInto('app_secrets')
    .values({ key: FINGERPRINT_KEY, value: box.fingerprint, created_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('key', '=', FINGERPRINT_KEY).executeTakeFirst();
  if (row?.value !== box.fingerprint) throw new TotpKeyMismatchError();
}
