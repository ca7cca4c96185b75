import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { envSchema } from 'env-schema';

// Every environment variable the API reads, with its type, bounds and default, in one schema.
// `description` is the human wording of a rule a value breaks ("must be <description>").

const Int = (min: number, max?: number, fallback?: number) =>
  Type.Integer({
    minimum: min,
    ...(max === undefined ? {} : { maximum: max }),
    ...(fallback === undefined ? {} : { default: fallback }),
  });
/** One of a few words, as a plain JSON-schema enum (one clear error, not one per choice). */
const OneOf = <const T extends readonly string[]>(values: T, fallback?: T[number]) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(fallback ? { default: fallback } : {}) });
const Seconds = (fallback: number, min = 1, max?: number) => Int(min, max, fallback);
const Count = (fallback: number, max?: number) => Int(1, max, fallback);
const Text = (options: { pattern?: string; minLength?: number; description?: string } = {}) =>
  Type.Optional(Type.String(options));
const Flag = Type.Optional(
  Type.String({
    pattern: '^(?:1|0|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo])$',
    description: '1, 0, true, false, yes or no',
  }),
);

export const NODE_ENVS = ['development', 'test', 'production'] as const;

export const ApiEnv = Type.Object(
  {
    NODE_ENV: OneOf(NODE_ENVS, 'development'),
    PORT: Int(0, 65535, 4000),
    HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
    DATA_DIR: Text(),
    DATABASE_URL: Text({ pattern: '^postgres(?:ql)?://', description: 'a postgres:// or postgresql:// URL' }),
    DATABASE_START_TIMEOUT_SECONDS: Int(0, 3600, 60),
    DATABASE_SCHEMA: Text({ pattern: '^[a-z_][a-z0-9_]{0,62}$', description: 'a lower-case SQL identifier' }),
    REDIS_URL: Text({ pattern: '^rediss?://', description: 'a redis:// or rediss:// URL' }),
    JWT_SECRET: Text({ minLength: 32 }),
    ACCESS_TOKEN_TTL: Seconds(900),
    REFRESH_TOKEN_TTL: Seconds(30 * 24 * 3600),
    SESSION_MAX_AGE: Seconds(30 * 24 * 3600, 60),
    REFRESH_GRACE_SECONDS: Seconds(10, 0, 60),
    BOOTSTRAP_TOKEN_TTL: Seconds(3600, 60),
    OTP_TTL: Seconds(600, 1, 600),
    OTP_MAX_ATTEMPTS: Count(5, 10),
    APP_URL: Type.String({ default: 'http://localhost:8080' }),
    CORS_ORIGINS: Text(),
    SMTP_URL: Text({ pattern: '^smtps?://', description: 'an smtp:// or smtps:// URL' }),
    MAIL_FROM: Type.String({ default: 'Kloof Digital <no-reply@kloof.digital>' }),
    MAIL_DIR: Text(),
    RETENTION_DAYS: Int(1, 3650, 30),
    PRUNE_INTERVAL_SECONDS: Seconds(3600, 1, 7 * 24 * 3600),
    SYSTEM_USER_EMAILS: Text(),
    ADMIN_EMAIL: Text(),
    ADMIN_PASSWORD: Text({ minLength: 8 }),
    SEED: Flag,
    TRUST_PROXY: Text(),
    // How long an instance may answer from what it read of a session and its roles: a sign-out or
    // role change elsewhere is enforced within this even if its notification is lost (0: never cached).
    AUTH_CACHE_MS: Int(0, 1000, 500),
    LOG_LEVEL: Type.Optional(OneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
    ARGON2_MEMORY_KIB: Type.Optional(Int(8)),
    ARGON2_TIME_COST: Type.Optional(Int(1)),
    ARGON2_PARALLELISM: Type.Optional(Int(1, 16)),
    RATE_LIMIT_WINDOW_SECONDS: Seconds(900),
    RATE_LIMIT_LOGIN: Count(20),
    RATE_LIMIT_REGISTER: Count(10),
    RATE_LIMIT_OTP: Count(20),
    RATE_LIMIT_RESET: Count(10),
    RATE_LIMIT_CONFIRMATION: Count(10),
    RATE_LIMIT_CONTACT: Count(10),
    RATE_LIMIT_BOOTSTRAP: Count(10),
    RATE_LIMIT_PASSWORD: Count(10),
    // A page load sends one or two telemetry batches; an office behind one address sends many.
    RATE_LIMIT_TELEMETRY: Count(600),
    RATE_LIMIT_MAIL_PER_ADDRESS: Count(5),
    RATE_LIMIT_ACCOUNT_FREE_FAILURES: Count(5),
    RATE_LIMIT_ACCOUNT_MAX_DELAY_SECONDS: Seconds(60, 1, 3600),
    MAIL_MAX_ATTEMPTS: Count(8, 50),
    MAIL_RETRY_BASE_SECONDS: Seconds(30),
    MAIL_POLL_MS: Int(10, 60_000, 1000),
  },
  { additionalProperties: false },
);
export type ApiEnv = Static<typeof ApiEnv>;

/** Variables whose surrounding spaces are part of the value (a password may start or end with one). */
const KEPT_AS_GIVEN = new Set(['ADMIN_PASSWORD']);

/** The variables this schema knows, trimmed; empty ones count as unset (`PORT=` means the default). */
function given(env: Record<string, string | undefined>): Record<string, string> {
  const known: Record<string, string> = {};
  for (const name of Object.keys(ApiEnv.properties)) {
    const raw = env[name];
    const value = KEPT_AS_GIVEN.has(name) ? raw : raw?.trim();
    if (value) known[name] = value;
  }
  return known;
}

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

/** One sentence per broken rule, naming the variable, the rule and (for numbers and words) the value given. */
function explain(error: SchemaError, values: Record<string, string>): string | undefined {
  const name = error.instancePath.replace(/^\//, '');
  const raw = values[name];
  // The rule's own words and bounds, read back from the variable's schema.
  const schema = (ApiEnv.properties as Record<string, TSchema>)[name] as
    { minimum?: number; maximum?: number; minLength?: number; description?: string; enum?: string[] } | undefined;
  if (!name || !schema) return undefined;
  const got = ` (got "${raw}")`;
  switch (error.keyword) {
    case 'type':
    case 'minimum':
    case 'maximum': {
      const { minimum, maximum } = schema;
      const range = maximum === undefined ? `of at least ${minimum}` : `between ${minimum} and ${maximum}`;
      return `${name} must be an integer ${range}${got}`;
    }
    case 'minLength':
      return `${name} must be at least ${schema.minLength} characters`;
    case 'pattern':
      // No value echoed: URLs carry passwords, and logs keep what a failed start prints.
      return `${name} must be ${schema.description}`;
    case 'enum':
      return `${name} must be one of: ${schema.enum?.join(', ')}${got}`;
    default:
      return undefined;
  }
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'EnvError';
  }
}

/**
 * Reads the API's environment against the schema: types coerced, defaults filled in. Throws an
 * EnvError listing every variable that breaks its rule (all at once, not the first only).
 */
export function readEnv(env: Record<string, string | undefined>): ApiEnv {
  const values = given(env);
  try {
    // `env: false`: only the given object is read (tests pass their own, the CLI passes process.env).
    return envSchema<ApiEnv>({ schema: ApiEnv, data: values, env: false, dotenv: false });
  } catch (error) {
    const errors = (error as { errors?: SchemaError[] }).errors;
    if (!errors) throw error;
    const problems = [...new Set(errors.map((e) => explain(e, values)).filter((p): p is string => !!p))];
    throw new EnvError(problems.length ? problems : [(error as Error).message]);
  }
}
