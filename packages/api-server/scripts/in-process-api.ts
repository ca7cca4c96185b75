import { buildServer, loadConfig } from '../src/server';

/**
 * The API in this process on 127.0.0.1 (random port) for the bench scripts: development mode (the
 * mail outbox is readable), an in-memory PGlite unless DATABASE_URL names a PostgreSQL, `env` on top.
 */
export async function startInProcessApi(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    ...env,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const app = await buildServer(config, { onBootstrapToken: () => undefined });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, config, base };
}
