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
