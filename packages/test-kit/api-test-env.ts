/**
 * What every test run of the API changes from the product's defaults, in one list for the Jest
 * harness, the API processes tests start and the browser tests' API: cheap password hashing
 * (allowed only with NODE_ENV=test), one key for authenticator-app secrets, and per-address limits no test reaches by accident (a test of
 * a limit sets its own). The API's config tests check each name against its declaration.
 */
export const apiTestEnv = {
  NODE_ENV: 'test',
  ARGON2_MEMORY_KIB: '256',
  ARGON2_TIME_COST: '1',
  RATE_LIMIT_LOGIN: '10000',
  RATE_LIMIT_PASSKEY: '10000',
  RATE_LIMIT_REGISTER: '10000',
  RATE_LIMIT_OTP: '10000',
  RATE_LIMIT_RESET: '10000',
  RATE_LIMIT_CONFIRMATION: '10000',
  RATE_LIMIT_CONTACT: '10000',
  RATE_LIMIT_BOOTSTRAP: '10000',
  RATE_LIMIT_TELEMETRY: '10000',
  // One key for every API a test starts: instances sharing a PostgreSQL schema must agree on it.
  TOTP_ENCRYPTION_KEY: 'test-only-totp-encryption-key-0123456789abcdef',
} as const satisfies Record<string, string>;
