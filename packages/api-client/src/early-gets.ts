import { takeEarlyFetch } from './early-fetches';
import { http } from './http';

/**
 * How long an early answer waits for the page that asks for it, once it arrived: longer and a
 * page opened later (the guard sent the user elsewhere first) would be handed stale data.
 */
export const EARLY_ANSWER_KEEP_MS = 10_000;

/**
 * GET requests started before their page asked, by request key, each handed over once: the data of
 * one that succeeded; undefined for one that failed, whose page then sends its own.
 */
const early = new Map<string, Promise<{ data: unknown } | undefined>>();

/**
 * The key of one GET: its path (as pathOf writes it, without /v1/) and its query, sorted, without
 * empty values; `workspaces?limit=5`.
 */
export function getKey(path: string, query?: unknown): string {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([name, value]) => [name, String(value)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/**
 * Starts a GET the page about to open will ask for (its route declares it), so it travels with
 * the page's code instead of after it; a key already in flight is not sent twice. It is sent
 * before the session check has confirmed the token, so it neither refreshes nor ends the session
 * on a 401 (refreshOnExpiry: false): when it fails, the page sends its own request, whose answer
 * or error follows every rule as before.
 */
export function startEarlyGet(key: string): void {
  if (early.has(key)) return;
  const [path = '', query] = key.split('?', 2);
  const params = query ? Object.fromEntries(new URLSearchParams(query)) : undefined;
  // The page's own early request for it, when its answer is good; else one sent now.
  const answer = takeEarlyFetch(key).then(
    async (fetched) =>
      fetched ??
      (await http.get<unknown>(path, { ...(params ? { params } : {}), refreshOnExpiry: false }).then(
        ({ data }) => ({ data }),
        () => undefined,
      )),
  );
  early.set(key, answer);
  // Unasked for: dropped a while after it settled.
  const forget = () => {
    setTimeout(() => {
      if (early.get(key) === answer) early.delete(key);
    }, EARLY_ANSWER_KEEP_MS);
  };
  void answer.then(forget);
}

/** The early request for this key, handed over once (the page's own call), else undefined. */
export function takeEarlyGet(key: string): Promise<{ data: unknown } | undefined> | undefined {
  const answer = early.get(key);
  if (answer) early.delete(key);
  return answer;
}
