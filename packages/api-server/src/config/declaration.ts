import os from 'node:os';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { findPackageRoot } from './paths';
import {
  Count,
  DEFAULT_WEB_PORT,
  Flag,
  Int,
  isOn,
  list,
  metricsSettings,
  tracingSettings,
  OneOf,
  releaseStoreSettings,
  Seconds,
  setting,
  siteSettings,
  Text,
  type SettingsOf,
} from '@kloof/settings';

// Every environment variable the API reads, declared once: name, type, bounds, default and meaning.
// The Config type, the defaults, the README's table (`pnpm --filter @kloof/api-server env-table`)
// and the check of the test overrides all derive from this object. Groups are the config's nesting.

export const NODE_ENVS = ['development', 'test', 'production'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** OWASP Password Storage Cheat Sheet minimum for argon2id: m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2ID = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

const DEV_PORTS = [DEFAULT_WEB_PORT, 3000, 3001, 3002, 3003, 3004];
const DEFAULT_CORS = ['localhost', '127.0.0.1'].flatMap((host) => DEV_PORTS.map((port) => `http://${host}:${port}`));

function resolveDataDir(given: string | undefined): string {
  if (given?.startsWith('memory://')) return given;
  if (given) return path.resolve(given);
  return path.join(findPackageRoot() ?? process.cwd(), '.data', 'pglite');
}

export const apiSettings = {
  // Unset, each program says which it is (loadConfig's `program`): one default per entry point.
  nodeEnv: setting(
    'NODE_ENV',
    Type.Optional(OneOf(NODE_ENVS)),
    '`development` opens the development routes (`/v1/dev/*`), `test` allows cheap password hashing',
    '`production` in `main.ts`, else `development`',
  ),
  port: setting('PORT', Int(0, 65535, 4000), 'port the API listens on'),
  host: setting('HOST', Type.String({ minLength: 1, default: '127.0.0.1' }), 'address the API listens on'),
  dataDir: setting('DATA_DIR', Text(), 'PGlite data folder; `memory://` for a throwaway database', {
    shown: 'packages/api-server/.data/pglite',
    decode: resolveDataDir,
  }),
  databaseUrl: setting(
    'DATABASE_URL',
    Text({ pattern: '^postgres(?:ql)?://', rule: 'a postgres:// or postgresql:// URL' }),
    'PostgreSQL instead of PGlite',
  ),
  databaseStartTimeoutSeconds: setting(
    'DATABASE_START_TIMEOUT_SECONDS',
    Int(0, 3600, 60),
    'how long a start waits for a PostgreSQL that cannot be reached yet (0: fail at once)',
  ),
  databaseStatementTimeoutMs: setting(
    'DATABASE_STATEMENT_TIMEOUT_MS',
    Int(0, 600_000, 10_000),
    'longest a PostgreSQL statement may run or wait for a lock, and a transaction stay idle, before PostgreSQL ends it and the request answers 503 (0: no limit; migrations have none)',
  ),
  adminReads: {
    connections: setting(
      'ADMIN_READ_CONNECTIONS',
      Int(1, 20, 2),
      'admin lists and searches running at once per instance; on PostgreSQL they have these connections of their own, apart from the 10 that serve everyone else (PGlite: one at a time)',
    ),
    statementTimeoutMs: setting(
      'ADMIN_READ_STATEMENT_TIMEOUT_MS',
      Int(0, 600_000, 3_000),
      'longest a PostgreSQL statement of an admin list or search may run before it is cancelled and answers 503 (0: no limit); shorter than `DATABASE_STATEMENT_TIMEOUT_MS`, which writes keep',
    ),
    maxWaiting: setting(
      'ADMIN_READ_QUEUE_MAX',
      Count(64, 10_000),
      'admin lists and searches waiting for their turn per instance (served in turn per admin); past it 503',
    ),
    maxWaitMs: setting(
      'ADMIN_READ_QUEUE_WAIT_MS',
      Int(10, 60_000, 5_000),
      'longest an admin list or search waits for its turn, ms; then 503',
    ),
  },
  databaseSchema: setting(
    'DATABASE_SCHEMA',
    Text({ pattern: '^[a-z_][a-z0-9_]{0,62}$', rule: 'a lower-case SQL identifier' }),
    'PostgreSQL schema to use (tests isolate each file in its own)',
  ),
  metrics: metricsSettings,
  tracing: tracingSettings,
  redisUrl: setting(
    'REDIS_URL',
    Text({ pattern: '^rediss?://', rule: 'a redis:// or rediss:// URL' }),
    'rate-limit counters in Redis instead of the database',
  ),
  jwtSecret: setting(
    'JWT_SECRET',
    Text({ minLength: 32 }),
    'signing secret, 32+ characters; rotation: see "Signing secret"',
    'random, kept in the database',
  ),
  totpEncryptionKey: setting(
    'TOTP_ENCRYPTION_KEY',
    Text({ minLength: 32 }),
    'seals authenticator-app keys (AES-256-GCM); the same on every instance; never in the database',
    'random, in `totp-encryption.key` next to `DATA_DIR`',
  ),
  accessTokenTtl: setting('ACCESS_TOKEN_TTL', Seconds(900), 'access token lifetime, seconds'),
  refreshTokenTtl: setting('REFRESH_TOKEN_TTL', Seconds(30 * 24 * 3600), 'refresh token lifetime, seconds'),
  sessionMaxAge: setting(
    'SESSION_MAX_AGE',
    Seconds(30 * 24 * 3600, 60),
    'absolute session lifetime from sign-in, seconds (rotation never extends it)',
  ),
  authCacheMs: setting(
    'AUTH_CACHE_MS',
    Int(0, 1000, 500),
    'how long an instance may reuse a session and role read, ms (at most 1000, 0: never); a change is announced at commit and drops it sooner',
  ),
  refreshGraceSeconds: setting(
    'REFRESH_GRACE_SECONDS',
    Seconds(10, 0, 60),
    'a refresh token presented again this soon gets the same new pair; later it revokes the family',
  ),
  bootstrapTokenTtl: setting(
    'BOOTSTRAP_TOKEN_TTL',
    Seconds(3600, 60),
    'the bootstrap token printed at start expires after this many seconds; a restart replaces it',
  ),
  otpTtl: setting('OTP_TTL', Seconds(600, 1, 600), 'one-time code lifetime, seconds'),
  otpMaxAttempts: setting('OTP_MAX_ATTEMPTS', Count(5, 10), 'tries per one-time code'),
  invitationTtl: setting(
    'INVITATION_TTL',
    Seconds(7 * 24 * 3600, 60, 90 * 24 * 3600),
    'a workspace invitation link expires after this many seconds',
  ),
  appUrl: setting(
    'APP_URL',
    Text(),
    'where the links in mails lead, when not the site itself: `<APP_URL>/auth/resetPassword/<otp>?email=<address>`',
    { shown: "the site's address", decode: (value) => value?.replace(/\/+$/, '') },
  ),
  // Passkeys belong to the site's host name and are accepted only from pages of its origin.
  site: siteSettings,
  corsOrigins: setting('CORS_ORIGINS', Text(), 'comma list of browser origins allowed to call the API', {
    shown: `localhost:${DEFAULT_WEB_PORT}, 3000-3004`,
    decode: (value) => (value ? list(value) : DEFAULT_CORS),
  }),
  smtpUrl: setting(
    'SMTP_URL',
    Text({ pattern: '^smtps?://', rule: 'an smtp:// or smtps:// URL' }),
    'mail server; without it the dev outbox (development, test) or the mail folder (production)',
  ),
  mailFrom: setting(
    'MAIL_FROM',
    Type.String({ default: 'Kloof Digital <no-reply@kloof.digital>' }),
    'sender of every mail',
  ),
  mailDir: setting(
    'MAIL_DIR',
    Text(),
    'production without `SMTP_URL`: one `.eml` file per mail here',
    '`mail` next to `DATA_DIR`',
  ),
  mailRetentionDays: setting(
    'MAIL_RETENTION_DAYS',
    Int(1, 3650, 30),
    '`.eml` files in `MAIL_DIR` older than this many days are deleted by the pruning job',
  ),
  retentionDays: setting(
    'RETENTION_DAYS',
    Int(1, 3650, 30),
    'days ended sessions, codes and delivered mail are kept before pruning',
  ),
  deletionGraceDays: setting(
    'DELETION_GRACE_DAYS',
    Int(1, 365, 14),
    'days an account marked for deletion is kept (a sign-in cancels) before the pruning job erases its personal data',
  ),
  pruneIntervalSeconds: setting(
    'PRUNE_INTERVAL_SECONDS',
    Seconds(3600, 1, 7 * 24 * 3600),
    'how often the pruning job runs, seconds',
  ),
  pruneBatchRows: setting(
    'PRUNE_BATCH_ROWS',
    Int(1, 100_000, 5000),
    'rows the pruning job deletes per statement (each commits on its own; requests are served between)',
  ),
  systemUserEmails: setting('SYSTEM_USER_EMAILS', Text(), 'comma list for `GET /v1/system-users`', {
    shown: 'empty',
    decode: (value) => list(value).map((email) => email.toLowerCase()),
  }),
  adminEmail: setting('ADMIN_EMAIL', Text(), 'first SuperAdmin (with `ADMIN_PASSWORD`)', {
    decode: (value) => value?.toLowerCase(),
  }),
  adminPassword: setting(
    'ADMIN_PASSWORD',
    Text({ minLength: 8 }),
    "first SuperAdmin's password (12+ characters in production)",
  ),
  seed: setting('SEED', Flag, 'demo data on start (1, true or yes)', { shown: 'off', decode: isOn }),
  seedPassword: setting(
    'SEED_PASSWORD',
    Text(),
    "the demo accounts' password (`SEED=1` and `pnpm seed`)",
    'random, printed once',
  ),
  standby: setting(
    'API_STANDBY',
    Flag,
    "a spare: load, then wait for the process runner's word (IPC) before opening the database and listening; the runner keeps one to take over at once after a crash",
    { shown: 'off', decode: isOn },
  ),
  trustProxy: setting(
    'TRUST_PROXY',
    Text(),
    "comma list of addresses/CIDRs of the proxies whose `X-Forwarded-For` is believed (`pnpm start`: `127.0.0.1`, the web server); blocks wider than IPv4 /8 or IPv6 /32 stop the start (`@kloof/proxy-trust`, the web server's rule)",
    { shown: 'none', decode: list },
  ),
  logLevel: setting(
    'LOG_LEVEL',
    Type.Optional(OneOf(LOG_LEVELS)),
    'one of fatal, error, warn, info, debug, trace, silent',
    'info (silent with `NODE_ENV=test`)',
  ),
  logFile: setting(
    'LOG_FILE',
    Text(),
    'the API log goes to this file (rotated by size) instead of standard output',
    'standard output',
  ),
  logFileMaxMb: setting('LOG_FILE_MAX_MB', Int(1, 100_000, 50), 'with `LOG_FILE`: size in MB at which it is rotated'),
  logFileKeep: setting(
    'LOG_FILE_KEEP',
    Int(1, 1000, 5),
    'with `LOG_FILE`: rotated files kept (`<LOG_FILE>.1` newest ... `.<n>`); older ones are deleted',
  ),
  rateLimits: {
    windowSeconds: setting('RATE_LIMIT_WINDOW_SECONDS', Seconds(900), 'window of every rate limit, seconds'),
    login: setting(
      'RATE_LIMIT_LOGIN',
      Count(20),
      'failed sign-ins per client address and window (then 429; sign-ins that succeed are not counted)',
    ),
    passkey: setting(
      'RATE_LIMIT_PASSKEY',
      Count(30),
      'passkey sign-in requests (options and answers) per client address and window; apart from password sign-ins',
    ),
    register: setting('RATE_LIMIT_REGISTER', Count(10), 'sign-ups per client address and window'),
    otp: setting('RATE_LIMIT_OTP', Count(20), 'code checks per client address and window'),
    reset: setting('RATE_LIMIT_RESET', Count(10), 'password resets per client address and window'),
    confirmation: setting(
      'RATE_LIMIT_CONFIRMATION',
      Count(10),
      'verification mails asked for per client address and window',
    ),
    contact: setting('RATE_LIMIT_CONTACT', Count(10), 'contact messages per client address and window'),
    invite: setting(
      'RATE_LIMIT_INVITE',
      Count(5),
      'invitations (and new links) to one address per workspace and window',
    ),
    bootstrap: setting('RATE_LIMIT_BOOTSTRAP', Count(10), 'bootstrap attempts per client address and window'),
    password: setting('RATE_LIMIT_PASSWORD', Count(10), 'password changes per client address and per account'),
    exports: setting('RATE_LIMIT_EXPORT', Count(5), 'data exports (Download my data) per account and window'),
    // A page load sends one or two telemetry batches; an office behind one address sends many.
    telemetry: setting('RATE_LIMIT_TELEMETRY', Count(600), 'telemetry batches per client address and window'),
    mailPerAddress: setting(
      'RATE_LIMIT_MAIL_PER_ADDRESS',
      Count(5),
      'mails to one address from one client per window; more are dropped quietly',
    ),
    accountFreeFailures: setting(
      'RATE_LIMIT_ACCOUNT_FREE_FAILURES',
      Count(5),
      'failed sign-ins on one account (from anywhere) before unfamiliar addresses are slowed',
    ),
    accountMaxDelaySeconds: setting(
      'RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS',
      Seconds(60, 1, 3600),
      'longest wait between sign-in attempts on an account under attack (1 s, 2 s, 4 s ... up to this)',
    ),
  },
  telemetry: {
    // Shared with the web server, which signs each page load's telemetry token with it.
    secret: setting(
      'TELEMETRY_SECRET',
      Text({ minLength: 32 }),
      "32+ chars, the web server's too: verifies page-load telemetry tokens; unset, no telemetry counts",
    ),
    votersPerAddress: setting(
      'TELEMETRY_VOTERS_PER_ADDRESS',
      Count(3, 1000),
      'browsers one network (IPv4 /24, IPv6 /48) may vote as per app version, kind and 5-minute window',
    ),
    maxVotesPerWindow: setting(
      'TELEMETRY_MAX_VOTES_PER_WINDOW',
      Count(20_000, 10_000_000),
      'telemetry votes per 5-minute window over all apps; past it the window counts nothing more',
    ),
  },
  // Where releases live, as the release tool and the web server read it: the releases console changes them.
  releases: releaseStoreSettings,
  mailQueue: {
    maxAttempts: setting('MAIL_MAX_ATTEMPTS', Count(8, 50), 'delivery tries before a mail is marked failed'),
    retryBaseSeconds: setting(
      'MAIL_RETRY_BASE_SECONDS',
      Seconds(30),
      'first retry delay of a failed mail; doubles on every failure, at most 1 h',
    ),
    pollMs: setting(
      'MAIL_POLL_MS',
      Int(10, 60_000, 1000),
      'how often a worker looks for due mail, ms (it is also woken on every enqueue)',
    ),
  },
  passwordHash: {
    memoryCost: setting(
      'ARGON2_MEMORY_KIB',
      Int(8, undefined, OWASP_ARGON2ID.memoryCost),
      'argon2id memory, KiB; below the OWASP minimum only with `NODE_ENV=test`',
    ),
    timeCost: setting(
      'ARGON2_TIME_COST',
      Int(1, undefined, OWASP_ARGON2ID.timeCost),
      'argon2id passes; below the OWASP minimum only with `NODE_ENV=test`',
    ),
    parallelism: setting('ARGON2_PARALLELISM', Int(1, 16, OWASP_ARGON2ID.parallelism), 'argon2id lanes'),
  },
  passwordQueue: {
    concurrency: setting(
      'ARGON2_CONCURRENCY',
      Type.Optional(Int(1, 64)),
      'password hashes running at once per instance; the others wait their turn, served in turn per client',
      { shown: 'cores - 1 (at least 1)', decode: (given) => given ?? Math.max(1, os.availableParallelism() - 1) },
    ),
    maxWaiting: setting(
      'ARGON2_QUEUE_MAX',
      Count(64, 100_000),
      'password checks waiting per instance from unknown clients (known devices and signed-in users as many again); past it 503',
    ),
    maxWaitingPerClient: setting(
      'ARGON2_QUEUE_PER_CLIENT',
      Count(4, 1000),
      'password checks one client (address, known device or signed-in user) may have waiting; past it 429',
    ),
    maxWaitMs: setting(
      'ARGON2_QUEUE_WAIT_MS',
      Int(10, 60_000, 1000),
      'longest a password check waits for its turn, ms; then 503',
    ),
  },
};

/** The settings as declared, decoded (MAIL_DIR and LOG_LEVEL still unresolved: see ./index). */
export type DeclaredSettings = SettingsOf<typeof apiSettings>;
