import fs from 'node:fs';
import path from 'node:path';
import { apiSettings } from './declaration';
import { markdownTable, settingsIn, tableIn } from '@kloof/settings';

const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');

describe("the README's environment table", () => {
  it('is the one generated from the declaration (pnpm --filter @kloof/api-server env-table writes it)', () => {
    expect(tableIn(readme)).toBe(markdownTable(apiSettings));
  });

  it('has a row for every variable the API reads, with its default and meaning', () => {
    const table = markdownTable(apiSettings);
    for (const { env } of settingsIn(apiSettings)) expect(table).toContain(`| \`${env}\``);
    expect(table).toMatch(/\| `PORT` +\| `4000` +\| port the API listens on +\|/);
    expect(table).toMatch(/\| `DATABASE_URL` +\| – +\|/);
  });
});
