import { API_ERRORS, isEmailAsPassword, isPhoneNumber, PHONE_NUMBER_TEXT } from '@kloof/api-client';

/** Field rules of the auth forms; each returns the message to show, or null when the value is fine. */
export type Rule = (value: string) => string | null;

/** The API takes passwords of 8 to 256 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** Verification codes have 6 digits; reset codes 8 (they can be checked without the e-mail). */
export const VERIFICATION_CODE_LENGTH = 6;
export const RESET_CODE_LENGTH = 8;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const rules = {
  required:
    (message: string): Rule =>
    (value) =>
      value.trim() ? null : message,
  email: (value: string): string | null => {
    if (!value.trim()) return 'Enter your e-mail address';
    return EMAIL.test(value.trim()) ? null : 'Enter a valid e-mail address, like name@example.com';
  },
  newPassword: (value: string): string | null => {
    if (!value) return 'Choose a password';
    if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
    return value.length > PASSWORD_MAX ? `Use at most ${PASSWORD_MAX} characters` : null;
  },
  /** Not the account's own address (nor the part before its @): the API's words, said before sending. */
  notEmail:
    (email: string): Rule =>
    (value) =>
      isEmailAsPassword(value, email) ? API_ERRORS.password_is_email : null,
  /** The new password typed again: `missing` when empty, the API's words when it differs. */
  repeated:
    (password: string, missing: string): Rule =>
    (value) => {
      if (!value) return missing;
      return value === password ? null : API_ERRORS.passwords_differ;
    },
  otp:
    (length: number): Rule =>
    (value) => {
      const code = normalizeOtp(value);
      if (!code) return 'Enter the code from the e-mail';
      return new RegExp(`^\\d{${length}}$`).test(code) ? null : `The code has ${length} digits`;
    },
  phone: (value: string): string | null => (isPhoneNumber(value) ? null : PHONE_NUMBER_TEXT),
  maxLength:
    (max: number): Rule =>
    (value) =>
      value.length > max ? `Use at most ${max} characters` : null,
};

/** A pasted code may carry spaces or dashes ("123 456"): keep the digits. */
export function normalizeOtp(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The first message of the rules that fail, or null. */
export function check(value: string, ...fieldRules: Rule[]): string | null {
  for (const rule of fieldRules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
}
