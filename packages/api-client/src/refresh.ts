import type { AxiosInstance } from 'axios';
import { CLIENT_ERRORS, errorStatus } from './errors';
import { sessionEvents, type SessionEndCause } from './session-events';
import { recordRotation, rotatedFrom } from './rotation-ledger';
import { isTokenExpired, tokenStorage } from './token-storage';
import type { Tokens } from '@kloof/api-contract';

/** Name of the Web Lock that keeps one refresh in flight across every tab of the origin. */
export const REFRESH_LOCK_NAME = 'kloof-auth-refresh';

/** The refresh did not give tokens ('refreshed = false'), or the API refused it (then `ended`). */
export class RefreshError extends Error {
  constructor(
    message: string,
    /** True when the session is over (server refused the refresh token, or none was stored). */
    readonly ended: boolean,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'RefreshError';
  }
}

/** Runs `task` while holding the cross-tab refresh lock (Web Locks); alone where the browser has none. */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, task);
}

/** The tokens a caller had when it found it needed a refresh. */
interface Seen {
  refreshToken: string | null;
  accessToken: string | null;
}

/**
 * One refresh at a time: concurrent callers in this tab share the promise in flight; other tabs
 * wait on the Web Lock, then find the tokens already rotated in localStorage and use them instead
 * of spending the (single-use) refresh token a second time.
 */
export function createRefresher(http: AxiosInstance) {
  let inFlight: Promise<Tokens> | null = null;

  function endSession(reason: string, cause: SessionEndCause = 'refresh-refused'): void {
    tokenStorage.clear();
    sessionEvents.emit({ type: 'ended', reason, cause });
  }

  async function refreshOnce(seen: Seen, endsAs: SessionEndCause): Promise<Tokens> {
    let refreshToken = tokenStorage.refreshToken();
    let accessToken = tokenStorage.accessToken();
    if (!refreshToken) {
      endSession(CLIENT_ERRORS.notRefreshed, endsAs);
      throw new RefreshError(CLIENT_ERRORS.notRefreshed, true);
    }
    // Another tab spent this refresh token while this one waited for the lock, and its new pair
    // has not reached this tab's localStorage yet: take the pair from the ledger.
    const handed = await rotatedFrom(refreshToken);
    if (handed) {
      tokenStorage.save(handed);
      ({ accessToken, refreshToken } = handed);
    }
    // Another tab rotated the tokens while this one waited for the lock. localStorage reaches
    // other tabs key by key, so a caller may have seen the new refresh token and still the old
    // access token: either one having changed means the rotation happened.
    const rotated = handed !== null || refreshToken !== seen.refreshToken || accessToken !== seen.accessToken;
    if (rotated && accessToken && !isTokenExpired(accessToken)) {
      if (handed) sessionEvents.emit({ type: 'refreshed', tokens: handed });
      return { accessToken, refreshToken };
    }
    try {
      const { data } = await http.post<Tokens>('auth/refreshToken', { refreshToken }, { authorization: false });
      if (!data?.accessToken || !data.refreshToken) throw new RefreshError(CLIENT_ERRORS.notRefreshed, false);
      tokenStorage.save(data);
      // Committed before the lock is let go: the next holder in any tab reads it (rotation-ledger.ts).
      await recordRotation({ from: refreshToken, tokens: data });
      sessionEvents.emit({ type: 'refreshed', tokens: data });
      return data;
    } catch (error) {
      sessionEvents.emit({ type: 'refresh-failed', error, endsAs });
      const status = errorStatus(error);
      // Any answer of the refresh endpoint that is not tokens ends the session (spec §8: failure at
      // the refresh endpoint, log out), a 5xx too. No answer at all (offline, timeout) leaves the
      // session in place so a later request can try again.
      const ended = status !== null;
      if (ended) endSession(error instanceof Error ? error.message : CLIENT_ERRORS.notRefreshed, endsAs);
      throw new RefreshError(error instanceof Error ? error.message : CLIENT_ERRORS.notRefreshed, ended, error);
    }
  }

  return {
    /**
     * Rotates the tokens (or joins the rotation in flight) and resolves with the new pair.
     * `failedAccessToken`: the token a request was refused with (else the stored one).
     * `endsAs`: what a refusal means. After an expired access token the login has expired
     * ('refresh-refused'); after one refused before its end (revoked, forged) the session was
     * ended elsewhere ('session-gone'), as when the API says so outright.
     */
    refresh(failedAccessToken?: string | null, endsAs: SessionEndCause = 'refresh-refused'): Promise<Tokens> {
      if (!inFlight) {
        const seen = {
          refreshToken: tokenStorage.refreshToken(),
          accessToken: failedAccessToken ?? tokenStorage.accessToken(),
        };
        inFlight = withRefreshLock(() => refreshOnce(seen, endsAs)).finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
    /** Ends the session here and in every tab (tokens cleared), e.g. when the API says it is gone. */
    end: endSession,
    /** The refresh in flight, if any: new requests wait for it instead of sending a stale token. */
    pending(): Promise<Tokens> | null {
      return inFlight;
    },
  };
}

export type Refresher = ReturnType<typeof createRefresher>;
