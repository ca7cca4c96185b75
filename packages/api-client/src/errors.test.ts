import { describe, expect, it } from '@jest/globals';
import { AxiosError } from 'axios';
import type { ApiErrorCode } from '@kloof/api-contract/constants';
import {
  API_ERRORS,
  apiErrorBody,
  CLIENT_ERRORS,
  errorCode,
  errorMessage,
  explainApiError,
  errorStatus,
  isFreshProofRequired,
  isNoAnswer,
  isSecondFactorRequired,
  isTokenExpiredError,
  proofKindsOf,
  JWT_EXPIRED,
  NETWORK_ERROR,
  NO_CONNECTION_MESSAGE,
  retryAfterText,
  TOKEN_EXPIRED_ERROR,
} from './errors';

/** A failed call as axios reports it, with the API's error body (its code and message). */
function httpError(status: number, code: ApiErrorCode, message: string, feedback?: unknown): AxiosError {
  return new AxiosError(
    'Request failed',
    'ERR_BAD_REQUEST',
    undefined,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config: {} as never,
      data: { statusCode: status, code, message, error: 'Unauthorized', feedback },
    },
  );
}

describe('error texts, exactly as users and logs see them', () => {
  it('names the client-side errors exactly', () => {
    expect(CLIENT_ERRORS).toEqual({
      noAccessToken: 'No Access Token was found',
      notAuthorised: 'authorised = false',
      userIsNull: 'user is null',
      notRefreshed: 'refreshed = false',
    });
    expect(TOKEN_EXPIRED_ERROR).toBe('TokenExpiredError');
    expect(JWT_EXPIRED).toBe('jwt expired');
    expect(NETWORK_ERROR).toBe('Network Error');
  });

  it('recognises only a 401 with code token_expired (message TokenExpiredError) as an expired access token', () => {
    expect(isTokenExpiredError(httpError(401, 'token_expired', 'TokenExpiredError'))).toBe(true);
    expect(isTokenExpiredError(httpError(401, 'unauthorized', 'Unauthorized'))).toBe(false);
    expect(isTokenExpiredError(httpError(403, 'token_expired', 'TokenExpiredError'))).toBe(false);
    expect(isTokenExpiredError(new Error('TokenExpiredError'))).toBe(false);
  });

  it('recognises an axios error by its isAxiosError flag, as axios does, without loading axios', () => {
    const answer = {
      status: 401,
      data: { statusCode: 401, code: 'token_expired', message: 'TokenExpiredError', error: 'Unauthorized' },
    };
    expect(isTokenExpiredError({ isAxiosError: true, response: answer })).toBe(true);
    expect(errorStatus({ isAxiosError: true, response: answer })).toBe(401);
    expect(errorStatus({ isAxiosError: 'true', response: answer })).toBeNull();
    expect(errorStatus({ response: answer })).toBeNull();
    expect(apiErrorBody({ isAxiosError: false, response: answer })).toBeNull();
  });

  it("shows the server's text, else for no answer at all the spec's 'Network Error' with a sentence for people", () => {
    expect(errorMessage(httpError(401, 'invalid_credentials', 'Invalid email or password'))).toBe(
      'Invalid email or password',
    );
    expect(apiErrorBody(httpError(400, 'bad_request', 'x'))?.statusCode).toBe(400);
    expect(errorMessage(new AxiosError(NETWORK_ERROR, 'ERR_NETWORK'))).toBe(
      'Network Error: the server could not be reached. Check your connection and try again.',
    );
    expect(errorMessage(new AxiosError('timeout of 300000ms exceeded', 'ECONNABORTED'))).toBe(NO_CONNECTION_MESSAGE);
    expect(isNoAnswer(new AxiosError('canceled', 'ERR_CANCELED'))).toBe(false);
    expect(errorMessage(null)).toBe('Something went wrong. Please try again.');
  });
});

describe('a 429', () => {
  const tooMany = (retryAfter?: string) => {
    const error = httpError(429, 'rate_limited', 'Too many requests, please try again later.');
    error.response!.headers = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
    return error;
  };

  it('says how long to wait, in words', () => {
    expect(errorMessage(tooMany('674'))).toBe('Too many attempts. Try again in 11 minutes.');
    expect(errorMessage(tooMany('60'))).toBe('Too many attempts. Try again in 1 minute.');
    expect(errorMessage(tooMany('9'))).toBe('Too many attempts. Try again in 9 seconds.');
    expect(errorMessage(tooMany('7200'))).toBe('Too many attempts. Try again in 2 hours.');
  });

  it("without a wait keeps the server's text", () => {
    expect(errorMessage(tooMany())).toBe('Too many requests, please try again later.');
    expect(retryAfterText(tooMany('soon'))).toBeNull();
  });

  it('a sign-in held for an attack says a link was mailed, not only when to come back', () => {
    const held = httpError(429, 'sign_in_held', API_ERRORS.sign_in_held, {
      reason: 'sign-in-held',
      retryAfterSeconds: 60,
    });
    held.response!.headers = { 'retry-after': '60' };
    expect(errorMessage(held)).toBe(API_ERRORS.sign_in_held);
  });
});

describe('explainApiError', () => {
  it("puts a refused field in the user's words and names the field", () => {
    expect(explainApiError(httpError(400, 'validation_failed', 'name must not be empty'))).toEqual({
      field: 'name',
      message: 'Please enter the name.',
    });
    expect(errorMessage(httpError(400, 'validation_failed', 'id must be a valid uuid'))).toBe(
      'This link is not valid.',
    );
  });

  it('shows a refused common password under the password field', () => {
    expect(explainApiError(httpError(400, 'weak_password', API_ERRORS.weak_password))).toEqual({
      field: 'password',
      message: API_ERRORS.weak_password,
    });
  });

  it("puts a server fault that says only 'Internal Server Error' in a client's words, and keeps one that says more", () => {
    const fault = (message: string) => {
      const error = httpError(500, 'internal_error', message);
      (error.response!.data as { error: string }).error = 'Internal Server Error';
      return error;
    };
    expect(errorMessage(fault('Internal Server Error'))).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(errorMessage(fault('Database unavailable'))).toBe('Database unavailable');
  });

  it("keeps the server's sentences, and says what the HTTP layer's 'Network Error' means", () => {
    expect(explainApiError(httpError(400, 'current_password_mismatch', 'Current password is incorrect'))).toEqual({
      message: 'Current password is incorrect',
    });
    expect(explainApiError(new Error(NETWORK_ERROR))).toEqual({ message: NO_CONNECTION_MESSAGE });
  });
});

describe('a failed passkey prompt', () => {
  /** What the browser (through @simplewebauthn/browser) throws: an Error named after the DOMException. */
  const browserError = (name: string) =>
    Object.assign(new Error('The operation either timed out or was not allowed.'), { name });

  it('says in words that it was cancelled or timed out, not the browser message', () => {
    expect(errorMessage(browserError('NotAllowedError'))).toBe(
      'The passkey request was cancelled or timed out. Please try again.',
    );
  });

  it('says when the device holds a passkey for the account already', () => {
    expect(errorMessage(browserError('InvalidStateError'))).toBe('This device already has a passkey for your account.');
  });

  it('leaves other errors as they were', () => {
    expect(errorMessage(new Error('Something else'))).toBe('Something else');
  });
});

describe('the step-up answers', () => {
  const refused = (status: number, code: ApiErrorCode, feedback: unknown) => httpError(status, code, 'x', feedback);

  it('tells a fresh-proof 403 by its code, with the kinds it offers', () => {
    const error = refused(403, 'fresh_proof_required', {
      reason: 'fresh-proof-required',
      kinds: ['password', 'totp'],
      maxAgeSeconds: 300,
    });
    expect(isFreshProofRequired(error)).toBe(true);
    expect(proofKindsOf(error)).toEqual(['password', 'totp']);
    expect(isSecondFactorRequired(error)).toBe(false);
  });

  it('offers the password when the kinds are missing or unknown, and ignores other 403s and statuses', () => {
    expect(
      proofKindsOf(refused(403, 'fresh_proof_required', { reason: 'fresh-proof-required', kinds: ['telepathy'] })),
    ).toEqual(['password']);
    expect(isFreshProofRequired(refused(403, 'forbidden', undefined))).toBe(false);
    expect(isFreshProofRequired(refused(400, 'fresh_proof_required', { reason: 'fresh-proof-required' }))).toBe(false);
    expect(isFreshProofRequired(new Error('fresh-proof-required'))).toBe(false);
  });

  it('tells the second-factor-required 403 of the admin routes', () => {
    expect(isSecondFactorRequired(refused(403, 'second_factor_required', { reason: 'second-factor-required' }))).toBe(
      true,
    );
    expect(isSecondFactorRequired(refused(401, 'second_factor_required', { reason: 'second-factor-required' }))).toBe(
      false,
    );
  });

  it('asks for a proof made with a factor (factor_proof_required) the same way', () => {
    expect(isFreshProofRequired(refused(403, 'factor_proof_required', { kinds: ['totp'] }))).toBe(true);
  });
});

describe('decisions follow the code, not the words', () => {
  const reworded = 'A reworded sentence the client has never seen';

  it('an expired access token, a proof or a second factor asked for, by code alone', () => {
    expect(isTokenExpiredError(httpError(401, 'token_expired', reworded))).toBe(true);
    expect(isFreshProofRequired(httpError(403, 'fresh_proof_required', reworded))).toBe(true);
    expect(isSecondFactorRequired(httpError(403, 'second_factor_required', reworded))).toBe(true);
    expect(errorCode(httpError(401, 'session_expired', reworded))).toBe('session_expired');
  });

  it('a refused new password goes under the password field, whatever its sentence', () => {
    expect(explainApiError(httpError(400, 'weak_password', reworded))).toEqual({
      field: 'password',
      message: reworded,
    });
    expect(explainApiError(httpError(400, 'password_is_email', reworded))).toEqual({
      field: 'password',
      message: reworded,
    });
  });

  it('a held sign-in shows its own message, not the wait of its Retry-After', () => {
    const held = httpError(429, 'sign_in_held', reworded);
    held.response!.headers = { 'retry-after': '60' };
    expect(errorMessage(held)).toBe(reworded);
  });

  it('the old sentences without their code decide nothing: they are only shown', () => {
    expect(isTokenExpiredError(httpError(401, 'unauthorized', 'TokenExpiredError'))).toBe(false);
    expect(explainApiError(httpError(400, 'bad_request', API_ERRORS.weak_password))).toEqual({
      message: API_ERRORS.weak_password,
    });
    expect(explainApiError(httpError(400, 'bad_request', 'name must not be empty'))).toEqual({
      message: 'name must not be empty',
    });
  });
});
