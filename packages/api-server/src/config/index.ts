import path from 'node:path';
import { isAddressOrCidr, trustedProxiesProblems } from '@kloof/proxy-trust';
import { apiSettings, OWASP_ARGON2ID, type DeclaredSettings } from './declaration';
import { EnvError, readEnv } from './env';
import { findPackageRoot } from './paths';
import { decodeSettings } from '@kloof/settings';

export { OWASP_ARGON2ID } from './declaration';

/**
 * The API's settings, typed from the one declaration (./declaration). Two are resolved from
 * others: the mail folder sits next to the data folder, and the log level follows NODE_ENV.
 */
export type Config = Omit<DeclaredSettings, 'mailDir' | 'logLevel' | 'siteUrl'> & {
  /** Production without SMTP_URL: one .eml file per message here (MAIL_DIR, default next to the data folder). */
  mailDir: string;
  logLevel: string;
  /** The site's origin (SITE_URL, else APP_URL's): the passkeys' relying party. */
  siteUrl: string;
};
export type NodeEnv = Config['nodeEnv'];
export type RateLimitConfig = Config['rateLimits'];
export type MailQueueConfig = Config['mailQueue'];
/** What makes a telemetry batch count (telemetry.service.ts). */
export type TelemetryConfig = Config['telemetry'];
export type PasswordHashConfig = Config['passwordHash'];
export type PasswordQueueConfig = Config['passwordQueue'];
/** The admin reads' own lane: connections, queue and statement limit (db/admin-reads.ts). */
export type AdminReadsConfig = Config['adminReads'];

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n - ${problems.join('\n - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The mail folder sits next to the PGlite data folder (`.data/mail` by default), never inside it. */
function resolveMailDir(given: string | undefined, dataDir: string): string {
  if (given) return path.resolve(given);
  if (dataDir.startsWith('memory://')) return path.join(findPackageRoot() ?? process.cwd(), '.data', 'mail');
  return path.join(path.dirname(dataDir), 'mail');
}

/**
 * The site's origin: SITE_URL, or APP_URL's origin when it is unset (a bad APP_URL is reported on
 * its own). An origin only: a path or query would be quietly dropped by the browser's origin
 * check, so SITE_URL refuses them.
 */
function siteOriginOf(siteUrl: string | undefined, appUrl: string) {
  if (siteUrl === undefined) return { ok: true, origin: URL.canParse(appUrl) ? new URL(appUrl).origin : '' } as const;
  const url = URL.canParse(siteUrl) ? new URL(siteUrl) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return {
      ok: false,
      problem: `SITE_URL must be an absolute http(s) URL such as https://example.com (got "${siteUrl}")`,
    } as const;
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    return {
      ok: false,
      problem: `SITE_URL must be the site's origin only, without a path, query or credentials (got "${siteUrl}")`,
    } as const;
  return { ok: true, origin: url.origin } as const;
}

/**
 * Reads and validates every setting from the environment (the declaration, through ./env, then the
 * rules that tie settings together). Safe defaults for local use; throws ConfigError listing every
 * problem.
 */
export function loadConfig(env: Env = process.env): Config {
  let settings: DeclaredSettings;
  try {
    settings = decodeSettings(apiSettings, readEnv(env));
  } catch (error) {
    if (error instanceof EnvError) throw new ConfigError(error.problems);
    throw error;
  }
  const problems: string[] = [];
  const { nodeEnv, appUrl, adminEmail, adminPassword, trustProxy, passwordHash } = settings;

  if (!URL.canParse(appUrl)) problems.push(`APP_URL must be an absolute URL (got "${appUrl}")`);
  const site = siteOriginOf(settings.siteUrl, appUrl);
  if (!site.ok) problems.push(site.problem);
  if (!adminEmail !== !adminPassword) problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
  if (adminPassword !== undefined && nodeEnv === 'production' && adminPassword.length < 12) {
    problems.push('ADMIN_PASSWORD must be at least 12 characters when NODE_ENV=production');
  }

  const badProxies = trustProxy.filter((p) => !isAddressOrCidr(p));
  if (badProxies.length) {
    problems.push(
      `TRUST_PROXY must list the addresses or CIDR blocks of the proxies in front (e.g. 127.0.0.1 for the web server), got "${badProxies.join(',')}": trusting every sender would let clients choose their own address`,
    );
  } else {
    problems.push(...trustedProxiesProblems(trustProxy).map((problem) => `TRUST_PROXY: ${problem}`));
  }

  if (nodeEnv !== 'test' && belowOwasp(passwordHash)) {
    problems.push('argon2 parameters below the OWASP minimum (m=19456 KiB, t=2) are only allowed when NODE_ENV=test');
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    ...settings,
    mailDir: resolveMailDir(settings.mailDir, settings.dataDir),
    siteUrl: site.ok ? site.origin : '',
    logLevel: settings.logLevel ?? (nodeEnv === 'test' ? 'silent' : 'info'),
  };
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
