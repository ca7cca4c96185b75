import { apiErrorBody, errorCode, errorMessage } from '@kloof/api-client';
import { toast } from '@kloof/ui';

// The notices of a session's end. They live with the session (this package), not in the HTTP
// layer: the api client only reports what happened (sessionEvents) and never imports UI.

/** Toast after a failed refresh logged the user out, shown after SESSION_EXPIRED_DELAY_MS. */
export const SESSION_EXPIRED_MESSAGE = 'Your Login has expired.';
export const SESSION_EXPIRED_DELAY_MS = 1000;
/** Toast when the refresh endpoint answers 'jwt expired': 1200 ms, close button, once. */
export const JWT_EXPIRED_MESSAGE = 'Your login has expired';
export const JWT_EXPIRED_TOAST_MS = 1200;
/** The API no longer knows the session (signed out elsewhere, password changed or reset, roles changed). */
export const SESSION_GONE_MESSAGE = 'Your session has ended. Please sign in again.';

let sessionExpiredTimer: ReturnType<typeof setTimeout> | null = null;
let jwtExpiredShown = false;
/** Until when the 'jwt expired' toast stands: a newer toast would cover it in the stack before its 1200 ms. */
let jwtExpiredStandsUntil = 0;

/** Shows 'Your Login has expired.' now; one toast even if many callers ask at once (same id). */
export function showSessionExpired(): void {
  toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
}

/**
 * Shows 'Your Login has expired.' after 1 s (or once the 'jwt expired' toast has stood its 1200 ms);
 * the queued requests of one failed refresh share one toast.
 */
export function notifySessionExpired(): void {
  if (sessionExpiredTimer !== null) return;
  const delay = Math.max(SESSION_EXPIRED_DELAY_MS, jwtExpiredStandsUntil - Date.now());
  sessionExpiredTimer = setTimeout(() => {
    sessionExpiredTimer = null;
    showSessionExpired();
  }, delay);
}

/**
 * The refresh endpoint failed: 'jwt expired' (code session_expired) gets its own short toast
 * (once). Any other answer is toasted with the server's text (spec §8: other refresh errors), 4xx
 * and 5xx alike; 'Your Login has expired.' follows when it ended the session. No answer at all is
 * the network notice's to tell.
 */
export function notifyRefreshFailure(error: unknown): void {
  if (errorCode(error) === 'session_expired') {
    if (jwtExpiredShown) return;
    jwtExpiredShown = true;
    jwtExpiredStandsUntil = Date.now() + JWT_EXPIRED_TOAST_MS;
    toast.error(JWT_EXPIRED_MESSAGE, { id: 'jwt-expired', duration: JWT_EXPIRED_TOAST_MS, closeButton: true });
    return;
  }
  if (!apiErrorBody(error)) return;
  toast.error(errorMessage(error), { id: 'refresh-failed' });
}

/** The session was ended by the API: the sign-in page the guard sends the user to says why. */
export function notifySessionGone(): void {
  toast.info(SESSION_GONE_MESSAGE, { id: 'session-gone' });
}

/** A new session started: the 'jwt expired' toast may be shown again when it ends; a pending notice of the last one is dropped. */
export function resetSessionNotices(): void {
  jwtExpiredShown = false;
  jwtExpiredStandsUntil = 0;
  if (sessionExpiredTimer !== null) clearTimeout(sessionExpiredTimer);
  sessionExpiredTimer = null;
}

/**
 * Toasts a failed call with the server's text (or, with no answer, 'Network Error' and what it means). A call that failed because
 * the session ended is skipped: the session's own notice already says so.
 */
export function toastError(error: unknown): void {
  if (error instanceof Error && error.name === 'RefreshError' && (error as { ended?: boolean }).ended) return;
  toast.error(errorMessage(error));
}
