import type { AxiosError } from 'axios';
import type { ErrorResponse } from '@kloof/api-contract';
import { PROOF_KINDS, type ApiErrorCode, type ProofKind } from '@kloof/api-contract/constants';
import { humanizeValidation } from './validation-text';
import { passkeyErrorText } from './passkey-browser';
import { OFFLINE_CHANGE_CODE, OFFLINE_CHANGE_MESSAGE } from './offline-data/offline-change';

// The API's own error texts ('TokenExpiredError', 'jwt expired', ...) come from the contract.
export { API_ERRORS, JWT_EXPIRED, TOKEN_EXPIRED_ERROR, type ApiErrorCode } from '@kloof/api-contract/constants';

/** What the HTTP layer says when the API cannot be reached (spec §8: 'Network Error from the HTTP layer'). */
export const NETWORK_ERROR = 'Network Error';
/** A call that got no answer: the spec's 'Network Error', then what it means and what to do. */
export const NO_CONNECTION_MESSAGE = `${NETWORK_ERROR}: the server could not be reached. Check your connection and try again.`;

/** A fault of the API that says no more than its HTTP status phrase ('Internal Server Error'), in a client's words. */
export const SERVER_FAULT_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Client-side error texts of the auth check, exactly. */
export const CLIENT_ERRORS = {
  noAccessToken: 'No Access Token was found',
  notAuthorised: 'authorised = false',
  userIsNull: 'user is null',
  notRefreshed: 'refreshed = false',
} as const;

/** axios's own rule, without loading axios: an object whose isAxiosError is true. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** The API's error body of a failed call, if it answered with one. */
export function apiErrorBody(error: unknown): ErrorResponse | null {
  if (!isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && typeof (data as ErrorResponse).message === 'string') {
    return data as ErrorResponse;
  }
  return null;
}

/** HTTP status of a failed call, or null when no answer arrived. */
export function errorStatus(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}

/**
 * The machine code of the API's error answer (what every decision goes by; the message is for
 * people and may be reworded), or null when no error body came.
 */
export function errorCode(error: unknown): ApiErrorCode | null {
  return apiErrorBody(error)?.code ?? null;
}

/** True for the API's 401 TokenExpiredError. */
export function isTokenExpiredError(error: unknown): boolean {
  return errorStatus(error) === 401 && errorCode(error) === 'token_expired';
}

/** True for the API's 403 asking for a fresh password or code check (or a factor's) before the change goes on. */
export function isFreshProofRequired(error: unknown): boolean {
  const code = errorCode(error);
  return errorStatus(error) === 403 && (code === 'fresh_proof_required' || code === 'factor_proof_required');
}

/** The kinds of check the API offered in its fresh-proof 403 (the password when it said none). */
export function proofKindsOf(error: unknown): ProofKind[] {
  const kinds = (apiErrorBody(error)?.feedback as { kinds?: unknown } | undefined)?.kinds;
  const known = Array.isArray(kinds) ? PROOF_KINDS.filter((k) => kinds.includes(k)) : [];
  return known.length ? known : ['password'];
}

/** True for the 403 of an admin route while this Admin lacks the second factor a SuperAdmin requires. */
export function isSecondFactorRequired(error: unknown): boolean {
  return errorStatus(error) === 403 && errorCode(error) === 'second_factor_required';
}

/** A call that failed without an answer (offline, server down, timeout); a cancelled one is not. */
export function isNoAnswer(error: unknown): boolean {
  return isAxiosError(error) && !error.response && error.code !== 'ERR_CANCELED';
}

/** 'Try again in 11 minutes.' from a 429's Retry-After (seconds), or null without one. */
export function retryAfterText(error: unknown): string | null {
  if (!isAxiosError(error) || error.response?.status !== 429) return null;
  const headers = error.response.headers as Record<string, unknown> | undefined;
  const seconds = Number(headers?.['retry-after']);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return `Try again in ${unit(Math.ceil(seconds), 'second')}.`;
  if (seconds < 3600) return `Try again in ${unit(Math.round(seconds / 60), 'minute')}.`;
  return `Try again in ${unit(Math.round(seconds / 3600), 'hour')}.`;
}

/**
 * A text to show the user: the server's message (a refused field in the user's words; a 429 with
 * its wait), else for no answer at all NO_CONNECTION_MESSAGE, else the error's.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return explainApiError(error, fallback).message;
}

/** A failed call in the user's words, with the field it is about when the API refused one (for forms). */
export function explainApiError(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): { field?: string; message: string } {
  const body = apiErrorBody(error);
  const code = errorCode(error);
  // A held sign-in says where the way in is (the mailed link), not only when to try again.
  if (body && code === 'sign_in_held') return { message: body.message };
  const wait = retryAfterText(error);
  if (wait) return { message: `Too many attempts. ${wait}` };
  if (isAxiosError(error) && error.code === OFFLINE_CHANGE_CODE) return { message: OFFLINE_CHANGE_MESSAGE };
  if (isNoAnswer(error) || (error instanceof Error && error.message === NETWORK_ERROR)) {
    return { message: NO_CONNECTION_MESSAGE };
  }
  // A server fault that says only its HTTP status phrase ('Internal Server Error') tells a client nothing.
  const status = errorStatus(error);
  if (body && status !== null && status >= 500 && body.message === body.error) return { message: SERVER_FAULT_MESSAGE };
  // The new password is refused: the form shows why under that field.
  if (body && (code === 'weak_password' || code === 'password_is_email'))
    return { field: 'password', message: body.message };
  if (body?.message) {
    return (code === 'validation_failed' ? humanizeValidation(body.message) : null) ?? { message: body.message };
  }
  const passkey = passkeyErrorText(error);
  if (passkey) return { message: passkey };
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: fallback };
}
