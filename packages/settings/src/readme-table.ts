import fs from 'node:fs';
import { settingsIn, type Declaration, type Setting } from './setting';

/** A setting's default as the README shows it. */
function shownDefault(entry: Setting): string {
  if (entry.shown !== undefined) return entry.shown;
  const fallback = (entry.schema as { default?: unknown }).default;
  return fallback === undefined ? '–' : `\`${String(fallback)}\``;
}

/** The README's table of a declaration: one row per variable (columns padded as Prettier pads them). */
export function markdownTable(declaration: Declaration): string {
  const rows = [
    ['variable', 'default', 'meaning'],
    ...settingsIn(declaration).map((entry) => [`\`${entry.env}\``, shownDefault(entry), entry.doc]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(3, ...rows.map((row) => (row[column] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] as number)).join(' | ')} |`;
  const [head, ...body] = rows as [string[], ...string[][]];
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/**
 * The generated table's place in a README: between two markers, so the script rewrites only it
 * and the test reads only it.
 */
const START = '<!-- environment table: generated from the declaration, do not edit by hand -->';
const END = '<!-- end of environment table -->';

/** The table between the markers, or undefined when the README has no markers. */
export function tableIn(readme: string): string | undefined {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + START.length, end).trim();
}

/** The README with `table` between the markers (appended with them when it has none). */
export function withTable(readme: string, table: string): string {
  const block = `${START}\n\n${table}\n\n${END}`;
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return `${readme.trimEnd()}\n\n${block}\n`;
  return readme.slice(0, start) + block + readme.slice(end + END.length);
}

/** Rewrites the table in a package's README from its declaration (the package's `env-table` script). */
export function writeReadmeTable(readmePath: string, declaration: Declaration): void {
  fs.writeFileSync(readmePath, withTable(fs.readFileSync(readmePath, 'utf8'), markdownTable(declaration)));
}
