import os from 'node:os';
import path from 'node:path';
import { apiTestEnv } from '../api-test-env';

/** Ports and accounts of the end-to-end environment (production builds, real API). */
export const e2e = {
  // Overridable so several people (or helpers) can run browser tests side by side.
  apiPort: Number(process.env.E2E_API_PORT ?? 4100),
  webPort: Number(process.env.E2E_WEB_PORT ?? 8180),
  get baseUrl(): string {
    return `http://localhost:${this.webPort}`;
  },
  get apiUrl(): string {
    return `http://127.0.0.1:${this.apiPort}/v1`;
  },
  admin: { email: 'superadmin@e2e.kloof.test', password: 'e2e-SuperAdmin-passphrase' },
  /**
   * The system users (SYSTEM_USER_EMAILS), one per spec that signs one in: a spec that finds its
   * account made already resets its password, which would sign another spec's session out.
   */
  systemUsers: {
    admin: 'system@e2e.kloof.test',
    layout: 'system-layout@e2e.kloof.test',
    // Listed, never signed in: an address with no hyphen to break at, longer than a 320 px card is wide.
    longAddress: 'release.monitoring.operations@systems.e2e.kloof.test',
  },
  /** Known signing key, so browser tests can make a real token that is already expired (refresh tests). */
  jwtSecret: 'e2e-only-jwt-secret-0123456789-abcdefghij',
  /** Shared by the API and every web server of the tests: page-load telemetry tokens verify. */
  telemetrySecret: 'e2e-only-telemetry-secret-0123456789-abcdef',
  dataDir: path.join(os.tmpdir(), `kloof-e2e-${process.env.E2E_RUN_ID ?? process.pid}`),
  /**
   * The releases the API's console reads and changes (RELEASES_DIR); the console's spec releases into
   * it. Named by the API's port: the runner and its workers (other processes) agree on it.
   */
  get releasesDir(): string {
    return path.join(os.tmpdir(), `kloof-e2e-releases-${this.apiPort}`);
  },
} as const;

/** Environment of the API server under test: the tests' overrides, outbox mail, the e2e accounts. */
export function apiServerEnv(): Record<string, string> {
  return {
    ...apiTestEnv,
    PORT: String(e2e.apiPort),
    HOST: '127.0.0.1',
    // Only the web server (which sets X-Forwarded-For from its socket) may name the client.
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: e2e.dataDir,
    APP_URL: e2e.baseUrl,
    // Passkeys made in the test browser belong to the site it opens.
    SITE_URL: e2e.baseUrl,
    CORS_ORIGINS: e2e.baseUrl,
    JWT_SECRET: e2e.jwtSecret,
    TELEMETRY_SECRET: e2e.telemetrySecret,
    ADMIN_EMAIL: e2e.admin.email,
    ADMIN_PASSWORD: e2e.admin.password,
    // Every role a test grants is granted by that one admin after a password proof, counted per
    // account (RATE_LIMIT_PASSWORD, 10 a window): a whole run makes more than ten.
    RATE_LIMIT_PASSWORD: '10000',
    SYSTEM_USER_EMAILS: Object.values(e2e.systemUsers).join(','),
    RELEASES_DIR: e2e.releasesDir,
    LOG_LEVEL: 'warn',
  };
}
