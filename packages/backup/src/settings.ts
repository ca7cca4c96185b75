import fs from 'node:fs';
import {
  decodeSettings,
  envReader,
  invocationDirSetting,
  releaseStoreSettings,
  setting,
  Text,
  type SettingsOf,
} from '@kloof/settings';

// What `pnpm backup` and `pnpm restore` read beside the API's own settings (DATA_DIR, DATABASE_URL,
// DATABASE_SCHEMA, read through the API's declaration): where releases live and where pg_dump is.

const DEBIAN_PG_BIN = '/usr/lib/postgresql/15/bin';

export const backupSettings = {
  // Where releases live (a bucket is refused: it has its own copy tools).
  store: { releasesDir: releaseStoreSettings.releasesDir, releaseStore: releaseStoreSettings.releaseStore },
  // The backup folder given on the command line resolves against it.
  invocationDir: invocationDirSetting,
  pgBin: setting('PG_BIN', Text(), 'with `DATABASE_URL`: the folder of `pg_dump` and `pg_restore`', {
    shown: `\`${DEBIAN_PG_BIN}\` when there, else \`PATH\``,
    decode: (value) => value ?? (fs.existsSync(`${DEBIAN_PG_BIN}/pg_dump`) ? DEBIAN_PG_BIN : undefined),
  }),
};

export type BackupSettings = SettingsOf<typeof backupSettings>;

const reader = envReader(backupSettings);

/** The backup commands' settings from an environment (throws an EnvError listing every bad variable). */
export function readBackupSettings(env: Record<string, string | undefined>): BackupSettings {
  return decodeSettings(backupSettings, reader.read(env));
}
