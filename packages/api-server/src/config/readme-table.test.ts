import fs from 'node:fs';
import path from 'node:path';
import { apiSettings } from './declaration';
import { tableIn, withTable } from './readme-table';
import { markdownTable, settingsIn } from './settings';

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

  it('is rewritten in place, the text around it kept', () => {
    const before = withTable('# API\n\nintro\n', '| old |');
    expect(tableIn(before)).toBe('| old |');
    const after = withTable(`${before}\nmore\n`, '| new |');
    expect(tableIn(after)).toBe('| new |');
    expect(after.startsWith('# API\n\nintro\n')).toBe(true);
    expect(after.endsWith('\nmore\n')).toBe(true);
  });
});
