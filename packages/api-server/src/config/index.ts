import path from 'node:path';
import { findPackageRoot } from './paths';
import { EnvError, readEnv, type ApiEnv } from './env';
import { isAddressOrCidr, trustedProxiesProblems } from '@kloof/proxy-trust';

export type NodeEnv = ApiEnv['NODE_ENV'];

export interface RateLimitConfig {
  /** Window length in seconds shared by every bucket. */
  windowSeconds: number;
  login: number;
  register: number;
  otp: number;
  reset: number;
  confirmation: number;
  contact: number;
  bootstrap: number;
  /** Password changes per address and per account. */
  password: number;
  /** Telemetry batches (POST /v1/telemetry) per client address. */
  telemetry: number;
  /** Mails (verification, reset, "already registered") to one address per window; more are dropped quietly. */
  mailPerAddress: number;
  /** Failed sign-ins on one account (from anywhere) before unfamiliar addresses are slowed down. */
  accountFreeFailures: number;
  /** Ceiling of the progressive delay between sign-in attempts on an account under attack. */
  accountMaxDelaySeconds: number;
}

export interface MailQueueConfig {
  /** Delivery tries before a mail is marked failed. */
  maxAttempts: number;
  /** First retry delay; doubles on every failure (capped at an hour). */
  retryBaseSeconds: number;
  /** How often a worker looks for due mail (it is also woken on every enqueue). */
  pollMs: number;
}

export interface PasswordHashConfig {
  /** argon2id memory in KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /** PGlite data folder, or 'memory://' for an in-memory database (tests). Ignored with databaseUrl. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long a start waits for a database that cannot be reached yet (0: fail at once). */
  databaseStartTimeoutSeconds: number;
  /** PostgreSQL schema to use (tests isolate each file in its own schema). */
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  /** undefined: a random secret is generated on first start and kept in the database (the data folder). */
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Absolute session lifetime from sign-in: rotation never extends a session past it. */
  sessionMaxAge: number;
  /** A refresh token presented again within this many seconds of its rotation gets the same new pair. */
  refreshGraceSeconds: number;
  /** A bootstrap token printed at start is valid this long (and only the newest one). */
  bootstrapTokenTtl: number;
  otpTtl: number;
  otpMaxAttempts: number;
  appUrl: string;
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Production without SMTP_URL: one .eml file per message here (MAIL_DIR, default next to the data folder). */
  mailDir: string;
  /** How long used/expired sessions, codes and delivered outbox rows are kept before pruning (days). */
  retentionDays: number;
  /** How often the pruning job runs (seconds). */
  pruneIntervalSeconds: number;
  systemUserEmails: string[];
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seed: boolean;
  /** Addresses/CIDRs of the proxies whose X-Forwarded-For is believed (the web server); empty: none. */
  trustProxy: string[];
  /** Milliseconds an instance may reuse a session and role read (<= 1000; 0: read every request). */
  authCacheMs: number;
  logLevel: string;
  rateLimits: RateLimitConfig;
  mailQueue: MailQueueConfig;
  passwordHash: PasswordHashConfig;
}

/** OWASP Password Storage Cheat Sheet minimum for argon2id: m=19 MiB, t=2, p=1. */
export const OWASP_ARGON2ID: PasswordHashConfig = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n - ${problems.join('\n - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const DEFAULT_CORS = [
  'http://localhost:8080',
  ...[3000, 3001, 3002, 3003, 3004].map((p) => `http://localhost:${p}`),
  'http://127.0.0.1:8080',
  ...[3000, 3001, 3002, 3003, 3004].map((p) => `http://127.0.0.1:${p}`),
];

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function resolveDataDir(given: string | undefined): string {
  if (given?.startsWith('memory://')) return given;
  if (given) return path.resolve(given);
  const root = findPackageRoot() ?? process.cwd();
  return path.join(root, '.data', 'pglite');
}

/** The mail folder sits next to the PGlite data folder (`.data/mail` by default), never inside it. */
function resolveMailDir(given: string | undefined, dataDir: string): string {
  if (given) return path.resolve(given);
  if (dataDir.startsWith('memory://')) return path.join(findPackageRoot() ?? process.cwd(), '.data', 'mail');
  return path.join(path.dirname(dataDir), 'mail');
}

/**
 * Reads and validates every setting from the environment (the typed schema of ./env, then the
 * rules that tie settings together). Safe defaults for local use; throws ConfigError listing every
 * problem.
 */
export function loadConfig(env: Env = process.env): Config {
  let vars: ApiEnv;
  try {
    vars = readEnv(env);
  } catch (error) {
    if (error instanceof EnvError) throw new ConfigError(error.problems);
    throw error;
  }
  const problems: string[] = [];
  const { NODE_ENV: nodeEnv } = vars;
  const production = nodeEnv === 'production';

  const appUrl = vars.APP_URL.replace(/\/+$/, '');
  if (!URL.canParse(appUrl)) problems.push(`APP_URL must be an absolute URL (got "${appUrl}")`);

  const adminEmail = vars.ADMIN_EMAIL?.toLowerCase();
  const adminPassword = vars.ADMIN_PASSWORD;
  if (!adminEmail !== !adminPassword) problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
  if (adminPassword !== undefined && production && adminPassword.length < 12) {
    problems.push('ADMIN_PASSWORD must be at least 12 characters when NODE_ENV=production');
  }

  const trustProxy = list(vars.TRUST_PROXY);
  const badProxies = trustProxy.filter((p) => !isAddressOrCidr(p));
  if (badProxies.length) {
    problems.push(
      `TRUST_PROXY must list the addresses or CIDR blocks of the proxies in front (e.g. 127.0.0.1 for the web server), got "${badProxies.join(',')}": trusting every sender would let clients choose their own address`,
    );
  } else {
    problems.push(...trustedProxiesProblems(trustProxy).map((problem) => `TRUST_PROXY: ${problem}`));
  }

  const passwordHash: PasswordHashConfig = {
    memoryCost: vars.ARGON2_MEMORY_KIB ?? OWASP_ARGON2ID.memoryCost,
    timeCost: vars.ARGON2_TIME_COST ?? OWASP_ARGON2ID.timeCost,
    parallelism: vars.ARGON2_PARALLELISM ?? OWASP_ARGON2ID.parallelism,
  };
  if (nodeEnv !== 'test' && belowOwasp(passwordHash)) {
    problems.push('argon2 parameters below the OWASP minimum (m=19456 KiB, t=2) are only allowed when NODE_ENV=test');
  }

  const dataDir = resolveDataDir(vars.DATA_DIR);
  const config: Config = {
    nodeEnv,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databaseSchema: vars.DATABASE_SCHEMA,
    databaseStartTimeoutSeconds: vars.DATABASE_START_TIMEOUT_SECONDS,
    redisUrl: vars.REDIS_URL,
    // Without JWT_SECRET a strong secret is generated on first start and kept in the database.
    jwtSecret: vars.JWT_SECRET,
    accessTokenTtl: vars.ACCESS_TOKEN_TTL,
    refreshTokenTtl: vars.REFRESH_TOKEN_TTL,
    sessionMaxAge: vars.SESSION_MAX_AGE,
    refreshGraceSeconds: vars.REFRESH_GRACE_SECONDS,
    bootstrapTokenTtl: vars.BOOTSTRAP_TOKEN_TTL,
    otpTtl: vars.OTP_TTL,
    otpMaxAttempts: vars.OTP_MAX_ATTEMPTS,
    appUrl,
    corsOrigins: vars.CORS_ORIGINS ? list(vars.CORS_ORIGINS) : DEFAULT_CORS,
    // Without SMTP_URL mail goes to the local outbox (development, test) or the mail folder (production).
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    mailDir: resolveMailDir(vars.MAIL_DIR, dataDir),
    retentionDays: vars.RETENTION_DAYS,
    pruneIntervalSeconds: vars.PRUNE_INTERVAL_SECONDS,
    systemUserEmails: list(vars.SYSTEM_USER_EMAILS).map((e) => e.toLowerCase()),
    adminEmail,
    adminPassword,
    seed: ['1', 'true', 'yes'].includes((vars.SEED ?? '').toLowerCase()),
    trustProxy,
    authCacheMs: vars.AUTH_CACHE_MS,
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    rateLimits: {
      windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS,
      login: vars.RATE_LIMIT_LOGIN,
      register: vars.RATE_LIMIT_REGISTER,
      otp: vars.RATE_LIMIT_OTP,
      reset: vars.RATE_LIMIT_RESET,
      confirmation: vars.RATE_LIMIT_CONFIRMATION,
      contact: vars.RATE_LIMIT_CONTACT,
      bootstrap: vars.RATE_LIMIT_BOOTSTRAP,
      password: vars.RATE_LIMIT_PASSWORD,
      telemetry: vars.RATE_LIMIT_TELEMETRY,
      mailPerAddress: vars.RATE_LIMIT_MAIL_PER_ADDRESS,
      accountFreeFailures: vars.RATE_LIMIT_ACCOUNT_FREE_FAILURES,
      accountMaxDelaySeconds: vars.RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS,
    },
    mailQueue: {
      maxAttempts: vars.MAIL_MAX_ATTEMPTS,
      retryBaseSeconds: vars.MAIL_RETRY_BASE_SECONDS,
      pollMs: vars.MAIL_POLL_MS,
    },
    passwordHash,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

export function belowOwasp(p: PasswordHashConfig): boolean {
  return p.memoryCost < OWASP_ARGON2ID.memoryCost || p.timeCost < OWASP_ARGON2ID.timeCost;
}

/** Checks a config object built by hand (tests, other packages) against the same production rules. */
export function assertSafeConfig(config: Config): void {
  const problems: string[] = [];
  if (config.nodeEnv !== 'test' && belowOwasp(config.passwordHash)) {
    problems.push('argon2 parameters below the OWASP minimum are only allowed when nodeEnv is "test"');
  }
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    problems.push('jwtSecret must be at least 32 characters');
  }
  if (problems.length) throw new ConfigError(problems);
}
