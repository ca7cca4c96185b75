import { keepHandedRead } from './offline-data/keep-for-offline';
import { savedReads } from './offline-data/saved-reads';
import { tokenStorage } from './token-storage';

/**
 * Where the host's start-up code (host/src/startup/early-requests.ts, which runs before this
 * package is loaded) leaves the GETs it sent with the page's first script: request key -> the
 * bearer it was sent with and its answer.
 */
export const EARLY_FETCHES_GLOBAL = '__kloofEarlyGets';

export interface EarlyFetch {
  bearer: string;
  response: Promise<Response>;
}

type Holder = Record<typeof EARLY_FETCHES_GLOBAL, Map<string, EarlyFetch> | undefined>;

/**
 * The data of a GET the page sent before this client was loaded, handed over once, when it was
 * sent with the bearer this call would send (the explicit one, else the stored access token) and
 * answered 2xx with JSON. Anything else (no such request, another token, an error status, no
 * answer) gives undefined: the caller sends its own request, whose answer or error then follows
 * every rule of this client (refresh on 401, session ends), exactly as without the early one.
 */
export async function takeEarlyFetch(key: string, bearer?: string): Promise<{ data: unknown } | undefined> {
  const all = (globalThis as unknown as Holder)[EARLY_FETCHES_GLOBAL];
  const found = all?.get(key);
  if (!found || found.bearer !== (bearer ?? tokenStorage.accessToken())) return undefined;
  all!.delete(key);
  try {
    const response = await found.response;
    if (!response.ok) return undefined;
    const data = (await response.json()) as unknown;
    // It never passed the client's interceptors: kept for offline here, as they keep a screen read.
    void keepHandedRead(savedReads, key, data);
    return { data };
  } catch {
    return undefined;
  }
}
