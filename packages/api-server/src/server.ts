import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { assertSafeConfig, type Config } from './config';
import { Availability } from './lib/availability';
import { openDatabase, type DbHandle } from './db/connect';
import { openWhenReachable } from './db/open-when-reachable';
import { unavailableReason } from './db/unavailable';
import { loggerOptions } from './lib/log-redaction';
import { OneLinePerRequest } from './lib/request-log';
import { startTracing } from '@kloof/tracing';
import authPlugin from './plugins/auth';
import contextPlugin from './plugins/context';
import dbPlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import drainPlugin from './plugins/drain';
import errorsPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/errors';
import jsonBodyPlugin from './plugins/json-body';
import mailPlugin from './plugins/mail';
import mailQueuePlugin from './plugins/mail-queue';
import metricsPlugin from './plugins/metrics';
import probesPlugin from './plugins/probes';
import prunePlugin from './plugins/prune';
import type { PruneRule } from './maintenance/prune-rules';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import totpSecretsPlugin from './plugins/totp-secrets';
import { tracedRequests } from './plugins/tracing';
import validationPlugin from './plugins/validation';
import { endpoints } from '@kloof/api-contract/endpoints';
import authRoutes from './modules/auth/auth.routes';
import billingRoutes from './modules/billing/billing.routes';
import contactRoutes from './modules/contact/contact.routes';
import dashboardRoutes from './modules/dashboard/dashboard.routes';
import outboxRoutes from './modules/dev/outbox.routes';
import healthRoutes from './modules/health/health.routes';
import * as links from './modules/links/links.service';
import { ownedCrudRoutes } from './modules/common/owned-crud';
import * as projects from './modules/projects/projects.service';
import releasesRoutes from './modules/releases/releases.routes';
import telemetryRoutes from './modules/telemetry/telemetry.routes';
import adminUserRoutes from './modules/users/admin-users.routes';
import sessionRoutes from './modules/sessions/sessions.routes';
import activityRoutes from './modules/activity/activity.routes';
import totpRoutes from './modules/second-factor/totp.routes';
import passkeysRoutes from './modules/passkeys/passkeys.routes';
import passkeySignInRoutes from './modules/passkeys/passkey-sign-in.routes';
import freshProofRoutes from './modules/fresh-proof/fresh-proof.routes';
import securitySettingsRoutes from './modules/security-settings/security-settings.routes';
import currentUserRoutes from './modules/users/current-user.routes';
import dataRightsRoutes from './modules/data-rights/data-rights.routes';
import * as workspaces from './modules/workspaces/workspaces.service';
import memberRoutes from './modules/workspaces/members.routes';
import { printLogins, seedDemo } from './seed/demo';
import { ensureFirstAdmin } from './startup/first-admin';
import type { Clock } from './types';
import './types';

export { loadConfig, ConfigError, type Config } from './config';

export interface BuildOptions {
  /** The clock every service reads (tests move it to expire tokens and codes). */
  now?: Clock;
  /** Receives the one-time bootstrap token when one is printed (tests, in-process starters). */
  onBootstrapToken?: (token: string) => void;
  /** Start PGlite from this data dump (a migrated template) instead of running initdb. */
  pgliteTemplate?: Blob | File;
  /** Replace the pino logger options. */
  logger?: boolean | Record<string, unknown>;
  /** Keep the API's own logger options (level, redaction) but write to this stream (tests). */
  logStream?: { write(line: string): void };
  /** Replace the pruning job's rules (tests: a rule that fails, one that stops the process). */
  pruneRules?: PruneRule[];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the API (not listening): every concern a plugin, every route under /v1. */
export async function buildServer(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  assertSafeConfig(config);
  const tracing = startTracing(config.tracing.otlpEndpoint, 'kloof-api');
  const traces = tracedRequests(tracing);
  const app = Fastify({
    logger: options.logger ?? {
      ...loggerOptions(config.logLevel),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // X-Forwarded-For only from the named proxies (the web server); otherwise the socket's address.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 256 * 1024,
    requestIdHeader: false, // genReqId validates an incoming x-request-id itself
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    logController: new OneLinePerRequest(),
    childLoggerFactory: traces.childLoggerFactory,
    // Latecomers during a stop get the drain plugin's answers (health in its own schema), not
    // Fastify's generic 503, which matches no route's response schema.
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Outside the plugin tree: a first start runs initdb, which may outlast Fastify's plugin timeout.
  if (isNewDataDir(config)) app.log.info(`creating the database in ${config.dataDir} (first start: up to a minute)`);
  const availability = new Availability('database', app.log);
  const database = await openWhenReachable(
    () =>
      openDatabase(
        config,
        {
          pgliteTemplate: options.pgliteTemplate,
          availability,
          tracer: tracing.tracer,
          onMadePrivate: (dir, changed) =>
            app.log.warn({ dir, changed }, 'data folder: made files and folders private (0600/0700) that were not'),
        },
        (applied, kind) => app.log.info({ applied, database: kind }, 'database migrated'),
      ),
    config.databaseUrl ? config.databaseStartTimeoutSeconds * 1000 : 0, // PGlite is in-process: nothing to wait for
    (err) =>
      app.log.warn(
        { reason: unavailableReason(err) },
        `database unreachable at start: waiting up to ${config.databaseStartTimeoutSeconds} s for it`,
      ),
  );
  try {
    await app.register(traces.plugin); // first: its hooks open each request's span before any other's
    await registerEverything(app, config, options, database);
    await ensureFirstAdmin(app, options.onBootstrapToken);
    if (config.seed) printLogins(await seedDemo(app, config.seedPassword), (line) => app.log.info(line));
  } catch (err) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await tracing.shutdown().catch(() => undefined);
    throw err;
  }
  return app;
}

function isNewDataDir(config: Config): boolean {
  if (config.databaseUrl || config.dataDir.startsWith('memory://')) return false;
  return !existsSync(path.join(config.dataDir, 'PG_VERSION'));
}

async function registerEverything(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
  database: DbHandle,
): Promise<void> {
  await app.register(contextPlugin, { config, now: options.now ?? (() => new Date()) });
  await app.register(errorsPlugin);
  await app.register(drainPlugin);
  await app.register(validationPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin);
  await app.register(dbPlugin, { handle: database });
  await app.register(metricsPlugin);
  await app.register(mailPlugin);
  await app.register(mailQueuePlugin);
  await app.register(prunePlugin, options.pruneRules ? { rules: options.pruneRules } : {});
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(totpSecretsPlugin);
  await app.register(probesPlugin);

  await app.register(
    async (v1) => {
      await v1.register(healthRoutes);
      await v1.register(authRoutes);
      await v1.register(currentUserRoutes);
      await v1.register(adminUserRoutes);
      // The client area's own resources: the same five owner-scoped routes each, from their declarations.
      await v1.register(ownedCrudRoutes(endpoints.workspaces, workspaces));
      await v1.register(memberRoutes);
      await v1.register(ownedCrudRoutes(endpoints.projects, projects));
      await v1.register(ownedCrudRoutes(endpoints.links, links));
      await v1.register(sessionRoutes);
      await v1.register(activityRoutes);
      await v1.register(totpRoutes);
      await v1.register(passkeysRoutes);
      await v1.register(passkeySignInRoutes);
      await v1.register(freshProofRoutes);
      await v1.register(securitySettingsRoutes);
      await v1.register(dataRightsRoutes);
      await v1.register(dashboardRoutes);
      await v1.register(contactRoutes);
      await v1.register(billingRoutes);
      await v1.register(telemetryRoutes);
      await v1.register(releasesRoutes);
      await v1.register(outboxRoutes);
    },
    { prefix: '/v1' },
  );

  await app.ready();
}
