import { beforeEach, describe, expect, it } from '@jest/globals';
import { ACCESS_TOKEN_KEY, isTokenExpired, MIN_TOKEN_LENGTH, REFRESH_TOKEN_KEY, tokenStorage } from './token-storage';
import { fakeJwt } from '../testing/fake-api';

describe('token storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps both tokens in localStorage as accessToken and refreshToken', () => {
    expect(ACCESS_TOKEN_KEY).toBe('accessToken');
    expect(REFRESH_TOKEN_KEY).toBe('refreshToken');
    tokenStorage.save({ accessToken: 'a'.repeat(20), refreshToken: 'r'.repeat(20) });
    expect(localStorage.getItem('accessToken')).toBe('a'.repeat(20));
    expect(localStorage.getItem('refreshToken')).toBe('r'.repeat(20));
    tokenStorage.clear();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});

describe('isTokenExpired: missing, under 16 characters or past its exp', () => {
  const now = Date.UTC(2030, 0, 1);
  const nowSeconds = now / 1000;

  it('counts a missing token as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired(undefined, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
  });

  it('counts a token shorter than 16 characters as expired', () => {
    expect(MIN_TOKEN_LENGTH).toBe(16);
    expect(isTokenExpired('a.b.c', now)).toBe(true);
    expect(isTokenExpired('x'.repeat(15), now)).toBe(true);
  });

  it('counts a token past its exp (seconds) as expired, and one before it as valid', () => {
    expect(isTokenExpired(fakeJwt(nowSeconds - 1), now)).toBe(true);
    expect(isTokenExpired(fakeJwt(nowSeconds), now)).toBe(true);
    expect(isTokenExpired(fakeJwt(nowSeconds + 1), now)).toBe(false);
  });

  it('counts an undecodable token of 16+ characters as expired', () => {
    expect(isTokenExpired('not-a-jwt-but-long-enough', now)).toBe(true);
  });
});
