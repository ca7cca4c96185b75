import { describe, expect, it } from '@jest/globals';
import { API_ERROR_CODES, ERROR_TEXTS, ErrorResponse, VARIABLE_TEXT_ERROR_CODES } from './index';

/**
 * Each fixed-text code with its words, as the spec and the screens' tests name them. A code added to
 * the table without a row here, or a text reworded, fails: the words are the product's, not the code's.
 */
const PINNED: ReadonlyArray<readonly [string, string]> = [
  ['invalid_credentials', 'Invalid email or password'],
  ['invalid_code', 'Invalid or expired code'],
  ['sign_in_expired', 'Your sign-in has expired. Please enter your password again.'],
  ['invalid_refresh_token', 'Invalid refresh token'],
  ['session_expired', 'jwt expired'],
  ['token_expired', 'TokenExpiredError'],
  ['passwords_differ', 'The passwords do not match.'],
  ['same_password', 'The new password must differ from your current one.'],
  ['current_password_mismatch', 'Current password is incorrect'],
  [
    'weak_password',
    'This password is too common: it appears in lists of leaked passwords or is easy to guess. Please choose another, for example a few unrelated words.',
  ],
  [
    'password_is_email',
    'Your password must not be your e-mail address or the part before the @. Please choose another.',
  ],
  ['email_not_confirmed', 'Account not verified'],
  ['admin_required', 'Admin or SuperAdmin role required'],
  ['rate_limited', 'Too many requests, please try again later.'],
  [
    'sign_in_held',
    'Sign-in to this account is paused after many failed attempts. We sent a sign-in link to its e-mail address: open it on this device, then sign in with your password.',
  ],
  ['sign_in_link_invalid', 'This sign-in link has expired or was used already. Sign in again to get a new one.'],
  [
    'not_me_link_invalid',
    'This link has expired or was used already. If someone else is using your account, reset your password from the sign-in page.',
  ],
  ['passkey_sign_in_failed', 'This passkey could not sign you in. Try again, or sign in with your password.'],
  ['passkey_request_expired', 'The passkey request has expired. Please try again.'],
  ['passkey_not_verified', 'The passkey could not be verified. Please try again.'],
  ['passkey_exists', 'This passkey is already added to an account.'],
  ['passkey_not_found', 'Passkey not found'],
  ['fresh_proof_required', 'Please confirm it is you: enter your password or a code again to make this change.'],
  [
    'factor_proof_required',
    'Please confirm it is you with your authenticator app, a recovery code or a passkey to make this change. Your password alone is not enough.',
  ],
  [
    'second_factor_required',
    'A second factor is required for Admin and SuperAdmin accounts. Set up an authenticator app in Settings > Security first.',
  ],
  ['unauthorized', 'Unauthorized'],
  ['bootstrap_token_invalid', 'Invalid bootstrap token'],
  ['invalid_cursor', 'This page link is not valid any more. Please start again from the first page.'],
  [
    'workspace_read_only',
    'You can view this workspace but not change it. Ask an owner of the workspace for the editor role.',
  ],
  ['workspace_owner_required', 'Only an owner of this workspace can do this.'],
  ['last_owner', 'A workspace needs at least one owner. Make another member an owner first.'],
  [
    'invitation_invalid',
    'This invitation has expired, was withdrawn or was used already. Ask the workspace owner to invite you again.',
  ],
  [
    'invitation_other_address',
    'This invitation was sent to another e-mail address. Sign in with that address to accept it, or ask the owner to invite this one.',
  ],
  ['already_member', 'This person is already a member of this workspace.'],
  [
    'email_change_link_invalid',
    'This e-mail change link has expired or was used already. Ask for the change again on your profile.',
  ],
  ['email_unchanged', 'This is already your e-mail address.'],
  ['deletion_not_confirmed', 'Type your e-mail address exactly as shown to confirm the deletion.'],
  ['request_aborted', 'Request aborted by the client'],
  ['body_too_large', 'Request body is too large'],
  ['server_restarting', 'The server is restarting. Please try again in a moment.'],
  ['database_unavailable', 'The database is unavailable. Please try again in a moment.'],
  ['database_busy', 'The database is busy. Please try again in a moment.'],
  ['password_checks_busy', 'The server is busy checking passwords. Please try again in a moment.'],
  ['dependency_unavailable', 'A service the API depends on is unavailable. Please try again in a moment.'],
  ['api_unreachable', 'The service is not reachable right now. Please try again in a moment.'],
];

describe('the error code table', () => {
  it('gives every fixed-text error its code and exactly its words', () => {
    expect(Object.entries(ERROR_TEXTS)).toEqual(PINNED);
  });

  it('names codes in snake_case, once each; a variable-text code has no fixed words', () => {
    expect(API_ERROR_CODES.filter((code) => !/^[a-z]+(_[a-z]+)*$/.test(code))).toEqual([]);
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    expect(VARIABLE_TEXT_ERROR_CODES.filter((code) => code in ERROR_TEXTS)).toEqual([]);
  });
});

describe('the error answer (ErrorResponse)', () => {
  it('requires a code, and takes exactly the codes of the table and the variable-text codes', () => {
    expect(ErrorResponse.required).toContain('code');
    expect(ErrorResponse.properties.code).toMatchObject({ type: 'string', enum: API_ERROR_CODES });
    expect(API_ERROR_CODES).toEqual([...Object.keys(ERROR_TEXTS), ...VARIABLE_TEXT_ERROR_CODES]);
  });
});
