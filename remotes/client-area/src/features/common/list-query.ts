/** Only the set parts of a list query: the API takes an absent filter, not an empty one. */
export function listQuery<T extends Record<string, string | undefined>>(
  query: T,
): { [K in keyof T]?: Exclude<T[K], ''> } {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as {
    [K in keyof T]?: Exclude<T[K], ''>;
  };
}
