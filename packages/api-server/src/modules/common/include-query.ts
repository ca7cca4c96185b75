/** Does `include` (`[settings]`, `settings`, `[a,b]`) name `what`? */
export function includes(include: string | undefined, what: string): boolean {
  if (!include) return false;
  return include
    .replace(/[[\]\s]/g, '')
    .split(',')
    .includes(what);
}
