import { isIP } from 'node:net';
import path from 'node:path';
import { findPackageRoot } from './paths';

export type NodeEnv = 'development' | 'test' | 'production';

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

/** An IPv4/IPv6 address or CIDR block, as Fastify's trustProxy (proxy-addr) accepts them. */
export function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
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
 * Reads and validates every setting from the environment. Safe defaults for local use;
 * throws ConfigError listing every problem.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const int = (name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string): boolean => ['1', 'true', 'yes'].includes((str(name) ?? '').toLowerCase());

  const rawEnv = str('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (rawEnv === 'production' || rawEnv === 'test' || rawEnv === 'development') nodeEnv = rawEnv;
  else problems.push(`NODE_ENV must be development, test or production (got "${rawEnv}")`);
  const production = nodeEnv === 'production';

  // Without JWT_SECRET a strong secret is generated on first start and kept in the database.
  const jwtSecret = str('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');

  // Without SMTP_URL mail goes to the local outbox (development, test) or the mail folder (production).
  const smtpUrl = str('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const databaseSchema = str('DATABASE_SCHEMA');
  if (databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }

  const appUrl = (str('APP_URL') ?? 'http://localhost:8080').replace(/\/+$/, '');
  try {
    new URL(appUrl);
  } catch {
    problems.push(`APP_URL must be an absolute URL (got "${appUrl}")`);
  }

  const adminEmail = str('ADMIN_EMAIL')?.toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if ((adminEmail && !adminPassword) || (!adminEmail && adminPassword)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
  }
  if (adminPassword !== undefined && adminPassword.length < 8)
    problems.push('ADMIN_PASSWORD must be at least 8 characters');
  if (adminPassword !== undefined && production && adminPassword.length < 12) {
    problems.push('ADMIN_PASSWORD must be at least 12 characters when NODE_ENV=production');
  }

  const trustProxy = list(env.TRUST_PROXY);
  const badProxies = trustProxy.filter((p) => !isAddressOrCidr(p));
  if (badProxies.length) {
    problems.push(
      `TRUST_PROXY must list the addresses or CIDR blocks of the proxies in front (e.g. 127.0.0.1 for the web server), got "${badProxies.join(',')}": trusting every sender would let clients choose their own address`,
    );
  }

  const hashEnvGiven = ['ARGON2_MEMORY_KIB', 'ARGON2_TIME_COST', 'ARGON2_PARALLELISM'].some((k) => str(k));
  const passwordHash: PasswordHashConfig = {
    memoryCost: int('ARGON2_MEMORY_KIB', OWASP_ARGON2ID.memoryCost, 8),
    timeCost: int('ARGON2_TIME_COST', OWASP_ARGON2ID.timeCost, 1),
    parallelism: int('ARGON2_PARALLELISM', OWASP_ARGON2ID.parallelism, 1, 16),
  };
  if (hashEnvGiven && nodeEnv !== 'test' && belowOwasp(passwordHash)) {
    problems.push('argon2 parameters below the OWASP minimum (m=19456 KiB, t=2) are only allowed when NODE_ENV=test');
  }

  const dataDir = resolveDataDir(str('DATA_DIR'));
  const config: Config = {
    nodeEnv,
    port: int('PORT', 4000, 0, 65535),
    host: str('HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    databaseSchema,
    redisUrl: str('REDIS_URL'),
    jwtSecret,
    accessTokenTtl: int('ACCESS_TOKEN_TTL', 900, 1),
    refreshTokenTtl: int('REFRESH_TOKEN_TTL', 30 * 24 * 3600, 1),
    sessionMaxAge: int('SESSION_MAX_AGE', 30 * 24 * 3600, 60),
    refreshGraceSeconds: int('REFRESH_GRACE_SECONDS', 10, 0, 60),
    bootstrapTokenTtl: int('BOOTSTRAP_TOKEN_TTL', 3600, 60),
    otpTtl: int('OTP_TTL', 600, 1, 600),
    otpMaxAttempts: int('OTP_MAX_ATTEMPTS', 5, 1, 10),
    appUrl,
    corsOrigins: str('CORS_ORIGINS') ? list(env.CORS_ORIGINS) : DEFAULT_CORS,
    smtpUrl,
    mailFrom: str('MAIL_FROM') ?? 'Kloof Digital <no-reply@kloof.digital>',
    mailDir: resolveMailDir(str('MAIL_DIR'), dataDir),
    retentionDays: int('RETENTION_DAYS', 30, 1, 3650),
    pruneIntervalSeconds: int('PRUNE_INTERVAL_SECONDS', 3600, 1, 7 * 24 * 3600),
    systemUserEmails: list(env.SYSTEM_USER_EMAILS).map((e) => e.toLowerCase()),
    adminEmail,
    adminPassword,
    seed: bool('SEED'),
    trustProxy,
    logLevel: str('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    rateLimits: {
      windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 900, 1),
      login: int('RATE_LIMIT_LOGIN', 20, 1),
      register: int('RATE_LIMIT_REGISTER', 10, 1),
      otp: int('RATE_LIMIT_OTP', 20, 1),
      reset: int('RATE_LIMIT_RESET', 10, 1),
      confirmation: int('RATE_LIMIT_CONFIRMATION', 10, 1),
      contact: int('RATE_LIMIT_CONTACT', 10, 1),
      bootstrap: int('RATE_LIMIT_BOOTSTRAP', 10, 1),
      password: int('RATE_LIMIT_PASSWORD', 10, 1),
      // A page load sends one or two batches; an office behind one address sends many.
      telemetry: int('RATE_LIMIT_TELEMETRY', 600, 1),
      mailPerAddress: int('RATE_LIMIT_MAIL_PER_ADDRESS', 5, 1),
      accountFreeFailures: int('RATE_LIMIT_ACCOUNT_FREE_FAILURES', 5, 1),
      accountMaxDelaySeconds: int('RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS', 60, 1, 3600),
    },
    mailQueue: {
      maxAttempts: int('MAIL_MAX_ATTEMPTS', 8, 1, 50),
      retryBaseSeconds: int('MAIL_RETRY_BASE_SECONDS', 30, 1),
      pollMs: int('MAIL_POLL_MS', 1000, 10, 60_000),
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
