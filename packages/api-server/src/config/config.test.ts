import path from 'node:path';
import { assertSafeConfig, ConfigError, loadConfig } from './index';

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '127.0.0.1',
      accessTokenTtl: 900,
      refreshTokenTtl: 30 * 24 * 3600,
      appUrl: 'http://localhost:8080',
      jwtSecret: undefined,
      smtpUrl: undefined,
      systemUserEmails: [],
      passwordHash: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    });
    expect(c.dataDir.endsWith(['packages', 'api-server', '.data', 'pglite'].join(path.sep))).toBe(true);
    expect(c.corsOrigins).toEqual(
      expect.arrayContaining(['http://localhost:8080', 'http://localhost:3000', 'http://localhost:3004']),
    );
  });

  it('reads every setting', () => {
    const c = loadConfig({
      PORT: '5000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@localhost/db',
      REDIS_URL: 'redis://localhost:6379',
      JWT_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '120',
      APP_URL: 'https://app.example.com/',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'X <x@example.com>',
      SYSTEM_USER_EMAILS: 'A@example.com,b@example.com',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'long enough password',
      SEED: '1',
      RATE_LIMIT_LOGIN: '7',
    });
    expect(c).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@localhost/db',
      redisUrl: 'redis://localhost:6379',
      accessTokenTtl: 60,
      refreshTokenTtl: 120,
      appUrl: 'https://app.example.com',
      corsOrigins: ['https://a.example.com', 'https://b.example.com'],
      systemUserEmails: ['a@example.com', 'b@example.com'],
      adminEmail: 'admin@example.com',
      seed: true,
    });
    expect(c.rateLimits.login).toBe(7);
  });

  it('starts in production with no secret and no SMTP: the secret is generated, mail goes to the mail folder', () => {
    const c = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/kloof/pglite' });
    expect(c).toMatchObject({ nodeEnv: 'production', jwtSecret: undefined, smtpUrl: undefined });
    expect(c.mailDir).toBe(path.resolve('/srv/kloof/mail'));
    expect(loadConfig({ MAIL_DIR: '/var/mail/kloof' }).mailDir).toBe(path.resolve('/var/mail/kloof'));
    expect(() => assertSafeConfig({ ...c, jwtSecret: 'short' })).toThrow('jwtSecret must be at least 32 characters');
  });

  it('runs as the program says when NODE_ENV is unset (the compiled server: production), as told otherwise', () => {
    expect(loadConfig({}, { nodeEnv: 'production' }).nodeEnv).toBe('production');
    expect(loadConfig({ NODE_ENV: ' test ' }, { nodeEnv: 'production' }).nodeEnv).toBe('test');
    expect(() => loadConfig({ NODE_ENV: 'prod' }, { nodeEnv: 'production' })).toThrow(
      'NODE_ENV must be one of: development, test, production (got "prod")',
    );
  });

  it('keeps rows 30 days and prunes hourly unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ retentionDays: 30, pruneIntervalSeconds: 3600 });
    expect(loadConfig({ RETENTION_DAYS: '7', PRUNE_INTERVAL_SECONDS: '60' })).toMatchObject({
      retentionDays: 7,
      pruneIntervalSeconds: 60,
    });
    expect(() => loadConfig({ RETENTION_DAYS: '0' })).toThrow('RETENTION_DAYS must be an integer between 1');
  });

  it("takes the site's address from SITE_URL, else the web server's port on this machine; an origin only", () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ WEB_PORT: '8880' }).siteUrl).toBe('http://localhost:8880');
    expect(loadConfig({ SITE_URL: 'HTTPS://Kloof.Example/' }).siteUrl).toBe('https://kloof.example');
    const originOnly =
      "SITE_URL must be the site's origin only, an http(s) URL without a path, query or credentials such as https://example.com";
    for (const given of ['https://kloof.example/app', 'kloof.example', 'ftp://kloof.example']) {
      expect(() => loadConfig({ SITE_URL: given })).toThrow(originOnly);
    }
  });

  it("leads the links in mails to the site's address unless APP_URL names another", () => {
    expect(loadConfig({ SITE_URL: 'http://localhost:8880' }).appUrl).toBe('http://localhost:8880');
    expect(loadConfig({ WEB_PORT: '8880' }).appUrl).toBe('http://localhost:8880');
    expect(loadConfig({ WEB_PORT: '8880', APP_URL: 'https://app.example.com/client/' })).toMatchObject({
      appUrl: 'https://app.example.com/client',
      siteUrl: 'http://localhost:8880',
    });
  });

  it('rejects bad values with clear messages', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be an integer');
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD must be given together',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres');
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow('NODE_ENV must be');
  });

  it('allows cheap password hashing only when NODE_ENV=test', () => {
    expect(() => loadConfig({ ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1' })).toThrow(
      'only allowed when NODE_ENV=test',
    );
    expect(
      loadConfig({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1' }).passwordHash.memoryCost,
    ).toBe(256);
    const cheap = loadConfig({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '256', ARGON2_TIME_COST: '1' });
    expect(() => assertSafeConfig({ ...cheap, nodeEnv: 'development' })).toThrow(ConfigError);
    expect(() => assertSafeConfig({ ...cheap, nodeEnv: 'production', jwtSecret: 'x'.repeat(40) })).toThrow(ConfigError);
  });
});
