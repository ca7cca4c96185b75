/**
 * The server renders what a first-time visitor sees: nothing stored, so signed out and the
 * default theme. Modules that read localStorage when they load (the token storage of the auth
 * store) get an empty one, which lives only as long as this render process.
 */
export function provideEmptyVisitorStorage(): void {
  if (typeof globalThis.localStorage !== 'undefined') return;
  const items = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
}
