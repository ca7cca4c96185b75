// The contract's plain values, with no import at all: the browser takes them from here (through
// @kloof/api-client) without bundling TypeBox. The schemas in ./schemas are built from these lists.

/** Roles a user can hold; any other is refused by the API. */
export const ROLES = ['Admin', 'SuperAdmin'] as const;
export type Role = (typeof ROLES)[number];

/** A project's status, in the order the product lists them. */
export const PROJECT_STATUSES = ['planning', 'active', 'on_hold', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** A member's role in a workspace: an owner manages it and its members, an editor changes its projects and links, a viewer reads. */
export const WORKSPACE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type WorkspaceRoleName = (typeof WORKSPACE_ROLES)[number];

/** What a browser reports about an app version: a page loaded, a load or integrity check failed, a page threw. */
/** fallback-loaded: a page served by the app's last known good version after this version failed to load. */
export const TELEMETRY_KINDS = [
  'page-load',
  'load-failed',
  'integrity-failed',
  'render-error',
  'fallback-loaded',
] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

/**
 * Core Web Vitals a browser reports per app version (web-vitals): Largest Contentful Paint and
 * Interaction to Next Paint in milliseconds, Cumulative Layout Shift unitless.
 */
export const VITAL_KINDS = ['lcp', 'inp', 'cls'] as const;
export type VitalKind = (typeof VITAL_KINDS)[number];

/** Where the web server hands a page load its telemetry token (same origin as the page). */
export const TELEMETRY_TOKEN_PATH = '/telemetry-token';

/** A release version name: UTC release time + content hash, e.g. 20261122-032757-123-3f2a9c81d0. */
export const VERSION_NAME_PATTERN = '^[0-9]{8}-[0-9]{6}-[0-9]{3}-[0-9a-f]{10}$';

/** The theme a user can choose in their settings. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Every error the API sends with a fixed text, by its stable machine `code` (snake_case, like
 * supabase/auth's errorcodes.go): the answer's `code` is the key, its `message` the text. Clients
 * decide by the code and show the message; the texts are the spec's, exactly.
 */
export const API_ERRORS = {
  invalid_credentials: 'Invalid email or password',
  invalid_code: 'Invalid or expired code',
  /** The challenge of a sign-in awaiting its second factor is past its end (or not one): start again. */
  sign_in_expired: 'Your sign-in has expired. Please enter your password again.',
  invalid_refresh_token: 'Invalid refresh token',
  /** 401 from the refresh endpoint: the refresh token is past its end, the user must sign in again. */
  session_expired: 'jwt expired',
  /** 401 from any bearer call: the access token is past its end, refresh and retry. */
  token_expired: 'TokenExpiredError',
  passwords_differ: 'The passwords do not match.',
  /** A new password must not be the current one (it would end the other sessions for nothing). */
  same_password: 'The new password must differ from your current one.',
  current_password_mismatch: 'Current password is incorrect',
  /** A new password that is in the shipped list of leaked passwords, or too easy to guess. */
  weak_password:
    'This password is too common: it appears in lists of leaked passwords or is easy to guess. Please choose another, for example a few unrelated words.',
  /** A new password that is the account's e-mail address, or the part before the @ (see isEmailAsPassword). */
  password_is_email: 'Your password must not be your e-mail address or the part before the @. Please choose another.',
  email_not_confirmed: 'Account not verified',
  admin_required: 'Admin or SuperAdmin role required',
  rate_limited: 'Too many requests, please try again later.',
  /** 429 from a sign-in held for an account under attack: a sign-in link went to its mailbox. */
  sign_in_held:
    'Sign-in to this account is paused after many failed attempts. We sent a sign-in link to its e-mail address: open it on this device, then sign in with your password.',
  /** A sign-in link that was used, has expired, or is not one. */
  sign_in_link_invalid: 'This sign-in link has expired or was used already. Sign in again to get a new one.',
  /** A "this was not me" link that was used, has expired, or is not one. */
  not_me_link_invalid:
    'This link has expired or was used already. If someone else is using your account, reset your password from the sign-in page.',
  /** Any passkey sign-in that fails: unknown or removed passkey, bad signature, replayed counter, used ceremony. */
  passkey_sign_in_failed: 'This passkey could not sign you in. Try again, or sign in with your password.',
  /** A ceremony that was used, has expired, or belongs to another flow. */
  passkey_request_expired: 'The passkey request has expired. Please try again.',
  passkey_not_verified: 'The passkey could not be verified. Please try again.',
  passkey_exists: 'This passkey is already added to an account.',
  passkey_not_found: 'Passkey not found',
  /**
   * 403 from a change that needs a fresh proof (password, e-mail, second factors, roles): the
   * caller's session has not checked a password or code in the last FRESH_PROOF_SECONDS.
   */
  fresh_proof_required: 'Please confirm it is you: enter your password or a code again to make this change.',
  /**
   * 403 from a change that takes a second factor away (turning the authenticator app off, removing
   * the last passkey): a password is not enough, the session must have proved with a factor.
   */
  factor_proof_required:
    'Please confirm it is you with your authenticator app, a recovery code or a passkey to make this change. Your password alone is not enough.',
  /** 403 from every admin route while second factors are required and this Admin has none. */
  second_factor_required:
    'A second factor is required for Admin and SuperAdmin accounts. Set up an authenticator app in Settings > Security first.',
  /** 401 from a bearer call without a valid access token (none, malformed, or its session ended). */
  unauthorized: 'Unauthorized',
  bootstrap_token_invalid: 'Invalid bootstrap token',
  /** 400 for an `after` cursor this list did not hand out (edited, or from another list). */
  invalid_cursor: 'This page link is not valid any more. Please start again from the first page.',
  /** 403 from a viewer's change to a workspace's projects or links (an outsider gets a 404). */
  workspace_read_only:
    'You can view this workspace but not change it. Ask an owner of the workspace for the editor role.',
  /** 403 from a member who is not an owner managing the workspace, its members or invitations. */
  workspace_owner_required: 'Only an owner of this workspace can do this.',
  /** 409 from leaving, demoting or removing the one owner a workspace has left. */
  last_owner: 'A workspace needs at least one owner. Make another member an owner first.',
  /** 404 from an invitation token that is not one, has expired, was revoked or was used. */
  invitation_invalid:
    'This invitation has expired, was withdrawn or was used already. Ask the workspace owner to invite you again.',
  /** 403 from accepting an invitation sent to another e-mail address than the signed-in account's. */
  invitation_other_address:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it, or ask the owner to invite this one.',
  /** 409 from inviting someone who is a member already. */
  already_member: 'This person is already a member of this workspace.',
  /** An e-mail change link that was used, has expired, was replaced by a newer one, or is not one. */
  email_change_link_invalid:
    'This e-mail change link has expired or was used already. Ask for the change again on your profile.',
  /** An e-mail change to the address the account already has. */
  email_unchanged: 'This is already your e-mail address.',
  /** A deletion whose typed confirmation is not the account's e-mail address. */
  deletion_not_confirmed: 'Type your e-mail address exactly as shown to confirm the deletion.',
} as const;

/**
 * Codes of errors whose message names what in particular (the field, the route, the thing not
 * found), so it has no one text: a form shows a `validation_failed` message under its field.
 */
export const VARIABLE_TEXT_ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'invalid_body',
  'forbidden',
  'not_found',
  'route_not_found',
  'conflict',
  'unsupported_media_type',
  'payload_too_large',
  'request_timeout',
  'headers_too_large',
  'internal_error',
] as const;

/**
 * Fixed-text errors only a server sends and no browser code names (retry-later 503s, limits, the web
 * server's 502): apart from API_ERRORS so the browser's first load does not carry their words.
 */
export const SERVER_ERRORS = {
  request_aborted: 'Request aborted by the client',
  /** 413 for a request body over the limit (the API's and the web server's). */
  body_too_large: 'Request body is too large',
  /** 503s a client may retry (Retry-After). */
  server_restarting: 'The server is restarting. Please try again in a moment.',
  database_unavailable: 'The database is unavailable. Please try again in a moment.',
  database_busy: 'The database is busy. Please try again in a moment.',
  password_checks_busy: 'The server is busy checking passwords. Please try again in a moment.',
  dependency_unavailable: 'A service the API depends on is unavailable. Please try again in a moment.',
  /** 502 from the web server while no API answers. */
  api_unreachable: 'The service is not reachable right now. Please try again in a moment.',
} as const;

/** Every fixed-text error, by code: what the API and the web server send. */
// Made by pure calls so a bundle that uses neither drops both, words and all (the browser's first load).
export const ERROR_TEXTS = /* @__PURE__ */ errorTexts();
function errorTexts() {
  return { ...API_ERRORS, ...SERVER_ERRORS } as const;
}

export type ApiErrorCode = keyof typeof ERROR_TEXTS | (typeof VARIABLE_TEXT_ERROR_CODES)[number];

/** Every `code` an error answer can carry. */
export const API_ERROR_CODES: readonly ApiErrorCode[] = /* @__PURE__ */ errorCodes();
function errorCodes(): readonly ApiErrorCode[] {
  return [...(Object.keys(ERROR_TEXTS) as (keyof typeof ERROR_TEXTS)[]), ...VARIABLE_TEXT_ERROR_CODES];
}

/** How many rows a list answers when the call names no `limit`, and the most it may name. */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/** The 400 for an `after` cursor this list did not hand out (edited, or from another list). */
export const INVALID_CURSOR_MESSAGE = API_ERRORS.invalid_cursor;

/**
 * A phone number as a profile keeps it (the contract's Phone schema): an optional leading +, then
 * 7-20 characters of digits, spaces, hyphens and brackets, from a digit or "(" to a digit, holding
 * 7-15 digits (15: E.164's longest). Looser than E.164 on purpose: people write a number their
 * own way ("+27 21 555 0143", "(021) 555-0143") and it is read by people, not dialled by a
 * machine. Empty: no number.
 */
export const PHONE_PATTERN = '^(?:\\+?(?=(?:[^0-9]*[0-9]){7,15}[^0-9]*$)[0-9(][0-9 ()-]{5,18}[0-9])?$';

/** Whether a phone number as typed (surrounding spaces aside) fits PHONE_PATTERN. */
export function isPhoneNumber(value: string): boolean {
  return new RegExp(PHONE_PATTERN).test(value.trim());
}

/** What the forms say of a phone number that does not fit, before sending or after the API refused it. */
export const PHONE_NUMBER_TEXT = 'Enter a phone number of 7 to 15 digits, like +27 21 555 0143.';

/** The shortest password the API takes (the contract's Password schema). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Whether a new password is the account's e-mail address, or the part before the @ when that is long
 * enough to be a password at all; case and surrounding spaces aside. The first thing anyone who knows
 * the address tries. The API refuses it (API_ERRORS.password_is_email); the forms say so before sending.
 */
export function isEmailAsPassword(password: string, email: string): boolean {
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  return typed === address || (localPart.length >= PASSWORD_MIN_LENGTH && typed === localPart);
}

/** How long a password or code check counts as fresh for changes that need one (seconds). */
export const FRESH_PROOF_SECONDS = 300;

/**
 * The kinds of check that give a fresh proof. A new kind is one more name here, one checker on the
 * server and one form in the re-check dialog. `totp` takes a code from the app or a recovery code.
 */
export const PROOF_KINDS = ['password', 'totp', 'passkey'] as const;
export type ProofKind = (typeof PROOF_KINDS)[number];

/** The kinds that prove a second factor: what taking one away asks for (a password alone is not). */
export const FACTOR_PROOF_KINDS = ['totp', 'passkey'] as const satisfies readonly ProofKind[];

/** `feedback.reason` of the 403s above, as clients before the error `code` (contract 2.2.0) read it. */
export const FRESH_PROOF_REASON = 'fresh-proof-required';
export const SECOND_FACTOR_REASON = 'second-factor-required';
/** `feedback.reason` of the 429 of a held sign-in (API_ERRORS.sign_in_held). */
export const SIGN_IN_HELD_REASON = 'sign-in-held';

/** Message of the API's 401 for an expired access token. */
export const TOKEN_EXPIRED_ERROR = API_ERRORS.token_expired;
/** Message of the API's 401 for an expired refresh token. */
export const JWT_EXPIRED = API_ERRORS.session_expired;

/**
 * What an account's activity log records (GET /user/activity). The security changes among them are
 * also mailed to the owner with a "this was not me" link.
 */
export const ACTIVITY_KINDS = [
  'sign-in',
  'sign-in-new-device',
  'password-changed',
  'password-reset',
  'second-factor-enabled',
  'second-factor-disabled',
  'recovery-codes-renewed',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'signed-out-everywhere',
  'not-me',
  'email-change-requested',
  'email-changed',
  'invitation-sent',
  'invitation-accepted',
  'member-removed',
  'deletion-requested',
  'deletion-cancelled',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The kinds mailed to the owner as they happen (a new device has its own mail, the new-sign-in notice). */
export const SECURITY_CHANGE_KINDS: readonly ActivityKind[] = [
  'password-changed',
  'password-reset',
  'second-factor-enabled',
  'second-factor-disabled',
  'recovery-codes-renewed',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'email-changed',
];
