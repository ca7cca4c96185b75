import { jwtDecode } from 'jwt-decode';
import type { AxiosError, AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { Connectivity } from '../connectivity/connectivity';
import { tokenStorage } from '../token-storage';
import { OFFLINE_CHANGE_CODE, OFFLINE_CHANGE_MESSAGE } from './offline-change';
import { markSaved } from './saved-at';
import type { SavedRead, SavedReads } from './saved-reads';
import { screenReadKey } from './screen-reads';

/** The user an access token was issued to (its `sub`), or null. Only a key: the API checks the token. */
export function userOf(token: string | null): string | null {
  if (!token) return null;
  try {
    const { sub } = jwtDecode<{ sub?: unknown }>(token);
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

const SAFE_METHODS = new Set(['get', 'head', 'options']);

export interface OfflineDeps {
  network: Connectivity;
  reads: SavedReads;
  /** axios's error class (loaded with axios), for the refusal. */
  AxiosError: typeof AxiosError;
}

/** The screen read a request is and whose, or null: only the signed-in user's own bearer calls. */
function readOf(config: InternalAxiosRequestConfig): { user: string; key: string } | null {
  if (config.authorization === false || config.headers.has('Authorization')) return null;
  const key = screenReadKey(config.method, config.url, config.params);
  const user = userOf(tokenStorage.accessToken());
  return key && user ? { user, key } : null;
}

/**
 * Offline, the screens show what they last read, and changes are refused at once:
 * - a screen read answered 200 is kept, under the user who read it (never if the session ended
 *   or changed hands meanwhile);
 * - offline (as the connectivity store knows it, so no network timeout is waited for), or when
 *   the request gets no answer, a screen read is answered from its saved copy, marked with when
 *   it was saved (see savedAt);
 * - offline, a change (POST, PUT, PATCH, DELETE) is not sent: it fails at once with
 *   OFFLINE_CHANGE_MESSAGE, and the form that sent it keeps what was typed.
 * Installed after the product's own interceptors (it runs first on the way out, last on the way back).
 */
export function keepReadsForOffline(instance: AxiosInstance, deps: OfflineDeps): void {
  const saved = new WeakMap<InternalAxiosRequestConfig, { user: string; key: string }>();
  const answeredFromCopy = new WeakSet<InternalAxiosRequestConfig>();
  const savedResponse = (config: InternalAxiosRequestConfig, copy: SavedRead): AxiosResponse => {
    markSaved(copy.data, copy.savedAt);
    answeredFromCopy.add(config);
    return { data: copy.data, status: 200, statusText: 'OK', headers: {}, config };
  };

  instance.interceptors.request.use(async (config) => {
    if (!deps.network.online() && !SAFE_METHODS.has((config.method ?? 'get').toLowerCase())) {
      throw new deps.AxiosError(OFFLINE_CHANGE_MESSAGE, OFFLINE_CHANGE_CODE, config);
    }
    const read = readOf(config);
    if (!read) return config;
    saved.set(config, read);
    if (!deps.network.online()) {
      const copy = await deps.reads.get(read.user, read.key);
      if (copy) config.adapter = async () => savedResponse(config, copy);
    }
    return config;
  });

  instance.interceptors.response.use(
    (response) => {
      const read = saved.get(response.config);
      // A 200 from the network is kept (the saved copy is not saved again: it keeps its time).
      if (read && !answeredFromCopy.has(response.config) && response.status === 200) {
        void keep(deps.reads, read, response.data);
      }
      return response;
    },
    async (error: AxiosError) => {
      const read = error.config ? saved.get(error.config) : undefined;
      const noAnswer = !error.response && error.code !== 'ERR_CANCELED' && error.code !== OFFLINE_CHANGE_CODE;
      if (!read || !noAnswer || !error.config) throw error;
      const copy = await deps.reads.get(read.user, read.key);
      if (!copy) throw error;
      return savedResponse(error.config, copy);
    },
  );
}

/**
 * Keeps a screen read the client did not send itself (a GET the page's first script sent, handed
 * to the screen's call), as the interceptor keeps the reads it sends: under the signed-in user.
 */
export async function keepHandedRead(reads: SavedReads, key: string, data: unknown): Promise<void> {
  const read = { key: screenReadKey('get', key), user: userOf(tokenStorage.accessToken()) };
  if (read.key && read.user) await keep(reads, { user: read.user, key: read.key }, data);
}

/** Keeps a read while its user is still the one signed in: an answer that lands after a sign-out is dropped. */
async function keep(reads: SavedReads, read: { user: string; key: string }, data: unknown): Promise<void> {
  if (userOf(tokenStorage.accessToken()) !== read.user) return;
  await reads.put(read.user, read.key, data);
  // Signed out (or another user signed in) while it was written: it goes with that session's reads.
  if (userOf(tokenStorage.accessToken()) !== read.user) await reads.clear();
}
