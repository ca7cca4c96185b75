import { describe, expect, it } from '@jest/globals';
import { markdownTable, tableIn, withTable } from './readme-table';
import { Int, setting, Text } from './setting';

describe("a README's environment table", () => {
  it('has a row per variable with its default (or its default in words) and meaning', () => {
    const table = markdownTable({
      port: setting('PORT', Int(0, 65535, 8080), 'port it listens on'),
      nested: { dir: setting('DATA_DIR', Text(), 'data folder', 'next to the package') },
      url: setting('DATABASE_URL', Text(), 'PostgreSQL instead'),
    });
    expect(table.split('\n')).toHaveLength(5);
    expect(table).toMatch(/\| `PORT` +\| `8080` +\| port it listens on +\|/);
    expect(table).toMatch(/\| `DATA_DIR` +\| next to the package +\| data folder +\|/);
    expect(table).toMatch(/\| `DATABASE_URL` +\| – +\| PostgreSQL instead +\|/);
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
