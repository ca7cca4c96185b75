/**
 * The API's contract: every body, params and query of /v1 as a TypeBox schema, with its type
 * (`Static<>`, same name). The server validates and documents with the schemas; the browser
 * imports only the types (`import type`) and the plain values of ./constants, so it never
 * bundles TypeBox. A change here fails to compile on whichever side does not follow.
 */
export {
  API_ERRORS,
  ERROR_TEXTS,
  SERVER_ERRORS,
  API_ERROR_CODES,
  VARIABLE_TEXT_ERROR_CODES,
  type ApiErrorCode,
  JWT_EXPIRED,
  PROJECT_STATUSES,
  WORKSPACE_ROLES,
  ROLES,
  TELEMETRY_KINDS,
  ACTIVITY_KINDS,
  SECURITY_CHANGE_KINDS,
  type ActivityKind,
  TELEMETRY_TOKEN_PATH,
  VITAL_KINDS,
  THEMES,
  TOKEN_EXPIRED_ERROR,
  FRESH_PROOF_SECONDS,
  FRESH_PROOF_REASON,
  PROOF_KINDS,
  FACTOR_PROOF_KINDS,
  SECOND_FACTOR_REASON,
  SIGN_IN_HELD_REASON,
  PASSWORD_MIN_LENGTH,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  INVALID_CURSOR_MESSAGE,
  isEmailAsPassword,
  type ProofKind,
  type TelemetryKind,
  type VitalKind,
  type Theme,
} from './constants';
export * from './schemas/common';
export * from './schemas/users';
export * from './schemas/auth';
export * from './schemas/workspaces';
export * from './schemas/members';
export * from './schemas/projects';
export * from './schemas/links';
export * from './schemas/dashboard';
export * from './schemas/billing';
export * from './schemas/contact';
export * from './schemas/health';
export * from './schemas/outbox';
export * from './schemas/telemetry';
export * from './schemas/sessions';
export * from './schemas/activity';
export * from './schemas/second-factor';
export * from './schemas/passkeys';
export * from './schemas/fresh-proof';
export * from './schemas/releases';
export * from './schemas/data-rights';
