import { describe, expect, it } from '@jest/globals';
import { check, normalizeOtp, RESET_CODE_LENGTH, rules, VERIFICATION_CODE_LENGTH } from './validation';

describe('auth form rules', () => {
  it('e-mail: required and well-formed', () => {
    expect(rules.email('')).toBe('Enter your e-mail address');
    expect(rules.email('ann@')).toBe('Enter a valid e-mail address, like name@example.com');
    expect(rules.email(' ann@example.com ')).toBeNull();
  });

  it('new password: 8 to 256 characters, like the API', () => {
    expect(rules.newPassword('')).toBe('Choose a password');
    expect(rules.newPassword('1234567')).toBe('Use at least 8 characters');
    expect(rules.newPassword('12345678')).toBeNull();
    expect(rules.newPassword('x'.repeat(257))).toBe('Use at most 256 characters');
  });

  it("new password: not the account's address, nor the part before its @ when that is 8 characters or more", () => {
    const refused = 'Your password must not be your e-mail address or the part before the @. Please choose another.';
    expect(rules.notEmail('thandeka.nkosi@example.com')('Thandeka.Nkosi@example.com')).toBe(refused);
    expect(rules.notEmail('thandeka.nkosi@example.com')('thandeka.nkosi')).toBe(refused);
    expect(rules.notEmail('ann@example.com')('ann')).toBeNull();
    expect(rules.notEmail('thandeka.nkosi@example.com')('violet tractor umbrella')).toBeNull();
  });

  it('codes: 6 digits to verify, 8 to reset; pasted spaces and dashes are fine', () => {
    expect(VERIFICATION_CODE_LENGTH).toBe(6);
    expect(RESET_CODE_LENGTH).toBe(8);
    expect(rules.otp(6)('')).toBe('Enter the code from the e-mail');
    expect(rules.otp(6)('12345')).toBe('The code has 6 digits');
    expect(rules.otp(6)('123 456')).toBeNull();
    expect(rules.otp(8)('1234-5678')).toBeNull();
    expect(normalizeOtp(' 12 34-56 ')).toBe('123456');
  });

  it('phone is optional but must be a number the API takes (7 to 15 digits)', () => {
    expect(rules.phone('')).toBeNull();
    expect(rules.phone('+27 21 555 0143')).toBeNull();
    expect(rules.phone('(021) 555-0143')).toBeNull();
    expect(rules.phone('call me')).toBe('Enter a phone number of 7 to 15 digits, like +27 21 555 0143.');
    expect(rules.phone('12345')).toBe('Enter a phone number of 7 to 15 digits, like +27 21 555 0143.');
  });

  it('check gives the first failing message', () => {
    expect(check('', rules.required('Enter your name'), rules.maxLength(3))).toBe('Enter your name');
    expect(check('abcd', rules.required('Enter your name'), rules.maxLength(3))).toBe('Use at most 3 characters');
    expect(check('abc', rules.required('Enter your name'), rules.maxLength(3))).toBeNull();
  });
});
