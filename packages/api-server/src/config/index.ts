import path from 'node:path';
import { isAddressOrCidr, trustedProxiesProblems } from '@kloof/proxy-trust';
import { apiSettings, NODE_ENVS, OWASP_ARGON2ID, type DeclaredSettings } from './declaration';
import { EnvError, readEnv } from './env';
import { findPackageRoot } from './paths';
import { decodeSettings, siteAddress } from '@kloof/settings';

export { OWASP_ARGON2ID } from './declaration';

/**
 * The API's settings, typed from the one declaration (./declaration). Some are resolved from
 * others: the mail folder sits next to the data folder, the log level follows NODE_ENV, and the
 * links in mails lead to the site's address unless APP_URL says otherwise.
 */
export type Config = Omit<DeclaredSettings, 'nodeEnv' | 'mailDir' | 'logLevel' | 'site' | 'appUrl'> & {
  /** NODE_ENV, else the program's own (`loadConfig`'s `program`). */
  nodeEnv: (typeof NODE_ENVS)[number];
  /** Production without SMTP_URL: one .eml file per message here (MAIL_DIR, default next to the data folder). */
  mailDir: string;
  logLevel: string;
  /** The site's origin (SITE_URL, else http://localhost:<WEB_PORT>): the passkeys' relying party. */
  siteUrl: string;
  /** Where the links in mails lead (APP_URL, else the site's origin), without a trailing slash. */
  appUrl: string;
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
 * Reads and validates every setting from the environment (the declaration, through ./env, then the
 * rules that tie settings together). Safe defaults for local use; throws ConfigError listing every
 * problem. `program`: what runs when NODE_ENV is unset (the compiled server says production).
 */
export function loadConfig(env: Env = process.env, program: { nodeEnv: NodeEnv } = { nodeEnv: 'development' }): Config {
  let settings: DeclaredSettings;
  try {
    settings = decodeSettings(apiSettings, readEnv(env));
  } catch (error) {
    if (error instanceof EnvError) throw new ConfigError(error.problems);
    throw error;
  }
  const problems: string[] = [];
  const { adminEmail, adminPassword, trustProxy, passwordHash } = settings;
  const nodeEnv = settings.nodeEnv ?? program.nodeEnv;
  const siteUrl = siteAddress(settings.site);
  const appUrl = settings.appUrl ?? siteUrl;

  if (!URL.canParse(appUrl)) problems.push(`APP_URL must be an absolute URL (got "${appUrl}")`);
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
  const { site: _site, ...rest } = settings;
  return {
    ...rest,
    nodeEnv,
    mailDir: resolveMailDir(settings.mailDir, settings.dataDir),
    siteUrl,
    appUrl,
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
