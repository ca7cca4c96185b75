import {
  connectivity,
  type Connectivity,
  CLIENT_ERRORS,
  currentUserApi,
  errorMessage,
  errorStatus,
  isTokenExpired,
  isNoAnswer,
  isTokenExpiredError,
  refreshTokens,
  RefreshError,
  tokenStorage,
} from '@kloof/api-client';
import { notifySessionExpired, notifySessionGone, showSessionExpired } from './notices';
import { toast } from '@kloof/ui';
import { authStore, type AuthStore } from './store';
import type { AuthState, User } from './types';

/** The auth check is retried at most this many times. */
export const AUTH_RETRY_LIMIT = 4;
/** About 1 s after the user fetch: the pause before the check tries again. */
export const AUTH_RETRY_DELAY_MS = 1000;
/** Page reload after a refresh that followed a failed user fetch. */
export const RELOAD_AFTER_REFRESH_MS = 4000;
/** Marks a reload done by that rule, so a server that keeps refusing fresh tokens cannot cause a reload loop. */
export const RELOAD_MARK_KEY = 'kloof-auth-reloaded';

/** A check that ended on a client-side error: no access token, not authorised, no user, not refreshed. */
export class AuthCheckError extends Error {
  constructor(
    message: (typeof CLIENT_ERRORS)[keyof typeof CLIENT_ERRORS],
    /** The tokens were renewed since: checking again may succeed. */
    readonly renewed = false,
  ) {
    super(message);
    this.name = 'AuthCheckError';
  }
}

export interface CheckOptions {
  /** Load the user's settings too (include=[settings]). */
  settings?: boolean;
  store?: AuthStore;
  reload?: () => void;
  /** Told why a check ended signed out (e.g. 'authorised = false', 'user is null'). */
  onFailure?: (error: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let reloadTimer: ReturnType<typeof setTimeout> | null = null;
/** When the reload owed to a refresh is due; held until the check ends, so no reload cuts its retries short. */
let reloadDueAt: number | null = null;

function scheduleReload(): void {
  if (reloadDueAt !== null || reloadTimer !== null || sessionStorage.getItem(RELOAD_MARK_KEY)) return;
  reloadDueAt = Date.now() + RELOAD_AFTER_REFRESH_MS;
}

/** The check ended: signed in, the reload happens when due (4 s after the refresh); otherwise none. */
function settleReload(signedIn: boolean, reload: () => void): void {
  const dueAt = reloadDueAt;
  reloadDueAt = null;
  if (!signedIn || dueAt === null || reloadTimer !== null) return;
  reloadTimer = setTimeout(
    () => {
      reloadTimer = null;
      sessionStorage.setItem(RELOAD_MARK_KEY, '1');
      reload();
    },
    Math.max(0, dueAt - Date.now()),
  );
}

/** Validate or refresh the access token, then fetch the current user with it. */
async function loadUser(settings: boolean): Promise<User> {
  let accessToken = tokenStorage.accessToken();
  // Only a refresh token, or an access token that is expired (missing, under 16 characters or past its exp): refresh first.
  if (isTokenExpired(accessToken)) accessToken = (await refreshTokens()).accessToken;
  if (!accessToken) throw new AuthCheckError(CLIENT_ERRORS.noAccessToken);
  let user: User | null;
  try {
    user = await currentUserApi.get({ settings, accessToken });
  } catch (error) {
    if (errorStatus(error) !== 401) throw error;
    await refreshAfterRefusal(error);
    // Checked again (1 s on) with the new token; signed in, the page reloads 4 s after the refresh.
    throw isTokenExpiredError(error) ? error : new AuthCheckError(CLIENT_ERRORS.notAuthorised, true);
  }
  if (!user) throw new AuthCheckError(CLIENT_ERRORS.userIsNull);
  return user;
}

/**
 * Spec §4: after a failed user fetch, a successful refresh stores the new tokens and reloads the
 * page in 4 s. Whatever the 401 said: the server may say expired where the clock said valid, or
 * refuse a token before its exp (a wrong signature, a session ended elsewhere) while the refresh
 * token is still good. A refused refresh ends the session: after an expiry the login has expired;
 * after any other refusal the session was ended elsewhere, told as in-app navigation tells it.
 */
async function refreshAfterRefusal(refusal: unknown): Promise<void> {
  const expired = isTokenExpiredError(refusal);
  try {
    await refreshTokens(expired ? 'refresh-refused' : 'session-gone');
  } catch (error) {
    if (!expired && error instanceof RefreshError && error.ended) throw new AuthCheckError(CLIENT_ERRORS.notAuthorised);
    throw error;
  }
  scheduleReload();
}

/** The browser knows it has no network: trying again before it comes back cannot help. */
function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Worth another try: an expired token, tokens renewed after a refusal, or no answer / a server fault. */
function isRetryable(error: unknown): boolean {
  if (isTokenExpiredError(error)) return true;
  if (error instanceof RefreshError) return !error.ended;
  if (error instanceof AuthCheckError) return error.renewed;
  const status = errorStatus(error);
  return status === null || status >= 500;
}

/**
 * The auth check: no refresh token -> SIGNED_OUT; otherwise validate or refresh
 * the token and fetch the user -> SIGNED_IN. Retried up to 4 times (1 s apart); when the token
 * keeps expiring, 'Your Login has expired.' is shown and the session ends.
 */
export async function checkAuth(options: CheckOptions = {}): Promise<AuthState> {
  const { settings = false, store = authStore, reload = () => window.location.reload() } = options;
  if (!tokenStorage.refreshToken()) {
    store.logout();
    return 'SIGNED_OUT';
  }
  store.setChecking(true);
  for (let retries = 0; ; retries += 1) {
    try {
      const user = await loadUser(settings);
      sessionStorage.removeItem(RELOAD_MARK_KEY);
      const accessToken = tokenStorage.accessToken();
      const refreshToken = tokenStorage.refreshToken();
      if (!accessToken || !refreshToken) throw new AuthCheckError(CLIENT_ERRORS.noAccessToken);
      store.login({ accessToken, refreshToken }, user);
      settleReload(true, reload);
      return 'SIGNED_IN';
    } catch (error) {
      if (isRetryable(error) && retries < AUTH_RETRY_LIMIT && !knownOffline()) {
        await sleep(AUTH_RETRY_DELAY_MS);
        continue;
      }
      options.onFailure?.(error);
      settleReload(false, reload);
      if (error instanceof RefreshError && error.ended) {
        // The refresh was refused: the HTTP layer ended the session and showed the server's reason.
        store.logout();
        notifySessionExpired();
      } else if (isTokenExpiredError(error)) {
        store.logout();
        showSessionExpired();
      } else if (error instanceof AuthCheckError) {
        store.logout();
        // The API refused the session (and the refresh could not renew it): said as in navigation.
        if (error.message === CLIENT_ERRORS.notAuthorised) notifySessionGone();
      } else {
        // No answer, or a server fault: a network failure is not a sign-out. The tokens stay, the
        // last confirmed user stays signed in, and the check runs again when the browser is back
        // online (recheckWhenOnline). No answer at all is the network status notice's to tell
        // (the failed call made it check); a server fault is told here.
        store.keepUnconfirmed();
        if (!knownOffline() && !isNoAnswer(error)) toast.error(errorMessage(error), { id: 'auth-check-failed' });
        return store.getSession().state;
      }
      return 'SIGNED_OUT';
    }
  }
}

/** At start the check runs only if a token is held, at most this many times per page. */
export const MAX_STARTUP_CHECKS = 2;

/** Start-up check: runs when a token is held, joins a check in flight, and stops after 2 runs. */
export function createStartupCheck(options: Omit<CheckOptions, 'settings'> = {}) {
  let runs = 0;
  let inFlight: Promise<AuthState> | null = null;
  const store = options.store ?? authStore;
  return {
    run(): Promise<AuthState> | null {
      if (!tokenStorage.accessToken() && !tokenStorage.refreshToken()) {
        store.logout();
        return null;
      }
      if (inFlight) return inFlight;
      if (runs >= MAX_STARTUP_CHECKS) return null;
      runs += 1;
      inFlight = checkAuth({ ...options, settings: true }).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    runs: () => runs,
  };
}

export const startupCheck = createStartupCheck();

/**
 * A session the API could not confirm (offline at start) is checked again as soon as the API can
 * be reached (the page's connectivity store: the browser's word and the service worker's):
 * confirmed, or ended if the API refuses it. Returns the unsubscribe.
 */
export function recheckWhenOnline(
  options: Omit<CheckOptions, 'settings'> = {},
  network: Connectivity = connectivity(),
): () => void {
  const store = options.store ?? authStore;
  let inFlight: Promise<AuthState> | null = null;
  let wasOnline = network.online();
  return network.subscribe(() => {
    const online = network.online();
    const cameBack = online && !wasOnline;
    wasOnline = online;
    if (!cameBack || inFlight || !store.getSession().unconfirmed) return;
    inFlight = checkAuth({ ...options, settings: true }).finally(() => {
      inFlight = null;
    });
  });
}
