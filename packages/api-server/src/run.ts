import type { NodeEnv } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { batchedStdout, rotatingFile } from './lib/log-destination';
import { preloadPasswordChecks } from './lib/password-strength';
import { PrivateDataError, restrictNewFiles } from './lib/private-files';
import { buildServer, loadConfig, ConfigError } from './server';

/** How long a stop may take: in-flight requests finish within it, then the process exits. */
const DRAIN_BUDGET_MS = 10_000;

/**
 * A spare (API_STANDBY): its code is loaded (the imports above, a large share of a start's time on
 * a busy machine), nothing else; it tells the process runner over IPC that it stands by and waits
 * for 'start', sent when the running API is gone. Until then it holds no lock, no port and no
 * database connection; SIGTERM ends it.
 */
function standBy(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new ConfigError(['API_STANDBY needs a process runner that starts it (an IPC channel)']);
  preloadPasswordChecks(); // a few hundred ms of a start that need no database
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== 'start') return;
      process.off('message', onMessage);
      process.channel?.unref(); // the runner's channel no longer keeps this process alive
      resolve();
    };
    process.on('message', onMessage);
    console.log(`API standing by as pid ${process.pid}: starts when the running one is gone`);
    send('standing-by');
  });
}

/**
 * Starts the API (NODE_ENV defaults to `defaultEnv`), then stops it gracefully on SIGINT/SIGTERM:
 * every request received gets its answer, latecomers a 503, then the database closes and the
 * process exits 0 (1 if the stop could not finish in time).
 */
export async function runApi(defaultEnv: NodeEnv): Promise<void> {
  restrictNewFiles();
  let app;
  try {
    const config = loadConfig(process.env, { nodeEnv: defaultEnv });
    if (config.standby) await standBy();
    const logStream = config.logFile
      ? rotatingFile(config.logFile, config.logFileMaxMb * 1024 * 1024, config.logFileKeep)
      : batchedStdout();
    app = await buildServer(config, { logStream });
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
