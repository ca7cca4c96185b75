import type { NodeEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { batchedStdout } from './lib/log-destination';
import { PrivateDataError, restrictNewFiles } from './lib/private-files';
import { buildServer, loadConfig, ConfigError } from './server';

/** How long a stop may take: in-flight requests finish within it, then the process exits. */
const DRAIN_BUDGET_MS = 10_000;

/**
 * Starts the API (NODE_ENV defaults to `defaultEnv`), then stops it gracefully on SIGINT/SIGTERM:
 * every request received gets its answer, latecomers a 503, then the database closes and the
 * process exits 0 (1 if the stop could not finish in time).
 */
export async function runApi(defaultEnv: NodeEnv): Promise<void> {
  restrictNewFiles();
  let app;
  try {
    const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV?.trim() || defaultEnv });
    app = await buildServer(config, { logStream: batchedStdout() });
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      {
        environment: config.nodeEnv,
        database: app.dbKind,
        mail: app.mailer.mode,
        docs: `http://${config.host}:${config.port}/docs`,
      },
      'API ready',
    );
  } catch (err) {
    // Expected refusals read as one clear sentence, not a stack.
    if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof PrivateDataError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const server = app;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'stopping: finishing requests in flight');
    const hard = setTimeout(() => {
      server.log.error('graceful stop did not finish in time; exiting');
      process.exit(1);
    }, DRAIN_BUDGET_MS + 5_000);
    hard.unref();
    try {
      const drained = await server.drain(DRAIN_BUDGET_MS);
      if (!drained.finished) server.log.warn({ inFlight: drained.inFlight }, 'stop budget spent; closing anyway');
      await server.close();
      server.log.info('stopped');
      process.exit(0);
    } catch (err) {
      server.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
