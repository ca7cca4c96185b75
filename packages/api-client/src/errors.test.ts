import { describe, expect, it } from '@jest/globals';
import { AxiosError } from 'axios';
import {
  API_ERRORS,
  apiErrorBody,
  CLIENT_ERRORS,
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

function httpError(status: number, message: string, feedback?: unknown): AxiosError {
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
      data: { statusCode: status, message, error: 'Unauthorized', feedback },
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

  it('recognises only a 401 with message TokenExpiredError as an expired access token', () => {
    expect(isTokenExpiredError(httpError(401, 'TokenExpiredError'))).toBe(true);
    expect(isTokenExpiredError(httpError(401, 'Unauthorized'))).toBe(false);
    expect(isTokenExpiredError(httpError(403, 'TokenExpiredError'))).toBe(false);
    expect(isTokenExpiredError(new Error('TokenExpiredError'))).toBe(false);
  });

  it('recognises an axios error by its isAxiosError flag, as axios does, without loading axios', () => {
    const answer = { status: 401, data: { statusCode: 401, message: 'TokenExpiredError', error: 'Unauthorized' } };
    expect(isTokenExpiredError({ isAxiosError: true, response: answer })).toBe(true);
    expect(errorStatus({ isAxiosError: true, response: answer })).toBe(401);
    expect(errorStatus({ isAxiosError: 'true', response: answer })).toBeNull();
    expect(errorStatus({ response: answer })).toBeNull();
    expect(apiErrorBody({ isAxiosError: false, response: answer })).toBeNull();
  });

  it("shows the server's text, else for no answer at all a sentence for people, never 'Network Error'", () => {
    expect(errorMessage(httpError(400, 'Invalid email or password'))).toBe('Invalid email or password');
    expect(apiErrorBody(httpError(400, 'x'))?.statusCode).toBe(400);
    expect(errorMessage(new AxiosError(NETWORK_ERROR, 'ERR_NETWORK'))).toBe(NO_CONNECTION_MESSAGE);
    expect(errorMessage(new AxiosError('timeout of 300000ms exceeded', 'ECONNABORTED'))).toBe(NO_CONNECTION_MESSAGE);
    expect(isNoAnswer(new AxiosError('canceled', 'ERR_CANCELED'))).toBe(false);
    expect(errorMessage(null)).toBe('Something went wrong. Please try again.');
  });
});

describe('a 429', () => {
  const tooMany = (retryAfter?: string) => {
    const error = httpError(429, 'Too many requests, please try again later.');
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
    const held = httpError(429, API_ERRORS.signInHeld, { reason: 'sign-in-held', retryAfterSeconds: 60 });
    held.response!.headers = { 'retry-after': '60' };
    expect(errorMessage(held)).toBe(API_ERRORS.signInHeld);
  });
});

describe('explainApiError', () => {
  it("puts a refused field in the user's words and names the field", () => {
    expect(explainApiError(httpError(400, 'name must not be empty'))).toEqual({
      field: 'name',
      message: 'Please enter the name.',
    });
    expect(errorMessage(httpError(400, 'id must be a valid uuid'))).toBe('This link is not valid.');
  });

  it('shows a refused common password under the password field', () => {
    expect(explainApiError(httpError(400, API_ERRORS.weakPassword))).toEqual({
      field: 'password',
      message: API_ERRORS.weakPassword,
    });
  });

  it("keeps the server's sentences, and puts the HTTP layer's 'Network Error' in words", () => {
    expect(explainApiError(httpError(401, 'Current password is incorrect'))).toEqual({
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
  const refused = (status: number, feedback: unknown) => httpError(status, 'x', feedback);

  it('tells a fresh-proof 403 by its reason, with the kinds it offers', () => {
    const error = refused(403, { reason: 'fresh-proof-required', kinds: ['password', 'totp'], maxAgeSeconds: 300 });
    expect(isFreshProofRequired(error)).toBe(true);
    expect(proofKindsOf(error)).toEqual(['password', 'totp']);
    expect(isSecondFactorRequired(error)).toBe(false);
  });

  it('offers the password when the kinds are missing or unknown, and ignores other 403s and statuses', () => {
    expect(proofKindsOf(refused(403, { reason: 'fresh-proof-required', kinds: ['telepathy'] }))).toEqual(['password']);
    expect(isFreshProofRequired(refused(403, undefined))).toBe(false);
    expect(isFreshProofRequired(refused(400, { reason: 'fresh-proof-required' }))).toBe(false);
    expect(isFreshProofRequired(new Error('fresh-proof-required'))).toBe(false);
  });

  it('tells the second-factor-required 403 of the admin routes', () => {
    expect(isSecondFactorRequired(refused(403, { reason: 'second-factor-required' }))).toBe(true);
    expect(isSecondFactorRequired(refused(401, { reason: 'second-factor-required' }))).toBe(false);
  });
});
