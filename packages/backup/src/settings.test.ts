import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { markdownTable, settingsIn, tableIn } from '@kloof/settings';
import { backupSettings, readBackupSettings } from './settings';

describe('the backup commands read their environment through their declaration', () => {
  it('takes PG_BIN as given', () => {
    expect(readBackupSettings({ PG_BIN: '/opt/pg/bin' }).pgBin).toBe('/opt/pg/bin');
  });
});

describe("the README's environment table", () => {
  const readme = fs.readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('is the one generated from the declaration (pnpm --filter @kloof/backup env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(backupSettings));
    for (const { env } of settingsIn(backupSettings)) expect(readme).toContain(`| \`${env}\``);
  });
});
