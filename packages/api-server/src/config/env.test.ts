import { apiTestEnv } from '@kloof/test-kit/api-test-env';
import { ApiEnv, EnvError, readEnv } from './env';

function problemsOf(env: Record<string, string>): string[] {
  try {
    readEnv(env);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('readEnv accepted the environment');
}

describe('the API environment schema', () => {
  it('gives typed values: numbers as numbers, defaults filled in', () => {
    const env = readEnv({ PORT: '5000', OTP_TTL: '300' });
    expect(env).toMatchObject({ PORT: 5000, OTP_TTL: 300, ACCESS_TOKEN_TTL: 900 });
    expect(typeof env.RATE_LIMIT_LOGIN).toBe('number');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty and blank variables as unset, trims the others, keeps a password as given', () => {
    const env = readEnv({ PORT: '', HOST: '   ', APP_URL: ' https://kloof.example ', ADMIN_PASSWORD: ' pass word ' });
    expect(env).toMatchObject({ PORT: 4000, HOST: '127.0.0.1', APP_URL: 'https://kloof.example' });
    expect(env.ADMIN_PASSWORD).toBe(' pass word ');
  });

  it('reads only the object it is given and only the variables it knows', () => {
    const before = process.env.PORT;
    process.env.PORT = 'not a port';
    try {
      const env = readEnv({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' });
      expect(env.PORT).toBe(4000);
      expect(env).not.toHaveProperty('PATH');
      expect(env).not.toHaveProperty('SOMETHING_ELSE');
    } finally {
      if (before === undefined) delete process.env.PORT;
      else process.env.PORT = before;
    }
  });

  it('names every bad variable at once, with its rule and the value given', () => {
    expect(
      problemsOf({
        PORT: 'abc',
        OTP_TTL: '601',
        ARGON2_MEMORY_KIB: '2',
        NODE_ENV: 'staging',
        LOG_LEVEL: 'loud',
        SEED: 'maybe',
        REDIS_URL: 'http://cache',
        DATABASE_SCHEMA: 'Bad-Name',
        JWT_SECRET: 'short',
      }).sort(),
    ).toEqual(
      [
        'PORT must be an integer between 0 and 65535 (got "abc")',
        'OTP_TTL must be an integer between 1 and 600 (got "601")',
        'ARGON2_MEMORY_KIB must be an integer of at least 8 (got "2")',
        'NODE_ENV must be one of: development, test, production (got "staging")',
        'LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent (got "loud")',
        'SEED must be 1, 0, true, false, yes or no',
        'REDIS_URL must be a redis:// or rediss:// URL',
        'DATABASE_SCHEMA must be a lower-case SQL identifier',
        'JWT_SECRET must be at least 32 characters',
      ].sort(),
    );
  });

  it('refuses a fraction where a whole number is needed', () => {
    expect(problemsOf({ RATE_LIMIT_LOGIN: '2.5' })).toEqual([
      'RATE_LIMIT_LOGIN must be an integer of at least 1 (got "2.5")',
    ]);
  });

  it('never echoes a secret it refuses: passwords, keys, URLs with credentials', () => {
    const problems = problemsOf({
      JWT_SECRET: 'hunter2',
      ADMIN_PASSWORD: 'abc',
      DATABASE_URL: 'mysql://kloof:s3cret@db/kloof',
      SMTP_URL: 'https://mailer:s3cret@mail',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toMatch(/hunter2|abc|s3cret/);
  });

  it('has one rule per variable, each with words a person can read when it names a pattern', () => {
    for (const [name, schema] of Object.entries(ApiEnv.properties) as [string, { pattern?: string; rule?: string }][]) {
      if (schema.pattern) expect({ name, rule: schema.rule }).toEqual({ name, rule: expect.any(String) });
    }
  });

  it("accepts the tests' overrides, each one a variable it declares", () => {
    const declared = Object.keys(ApiEnv.properties);
    expect(Object.keys(apiTestEnv).filter((name) => !declared.includes(name))).toEqual([]);
    expect(readEnv(apiTestEnv)).toMatchObject({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: 256, RATE_LIMIT_LOGIN: 10000 });
  });
});
