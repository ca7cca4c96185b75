#!/usr/bin/env tsx
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bucketLocation, describeLocation, isBucketUrl } from '@kloof/release-store/bucket';
import { defaultReleasesDir, fromInvocationDir, releasesLayout, repoRoot } from '@kloof/release-store/folder';
import { bucketMirror } from './bucket-mirror';
import { edgeLimitsFrom } from './edge-limits';
import { parseTrustedProxies } from './client-address';
import { parseTelemetrySecret } from './telemetry-token';
import { parseApiUpstreams } from './upstreams';
import { loadRuntimeConfig } from './runtime-config';
import { distSite, releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { stopGracefully } from './graceful-stop';
import { readWebServerSettings } from './settings';

/**
 * serve              the releases folder (RELEASES_DIR or packages/release-tool/.releases): what `pnpm start` runs
 * serve --dist       the apps' dist folders straight after `pnpm build` (browser tests, quick checks)
 * RELEASE_STORE=s3://bucket/prefix (+ S3_ENDPOINT, S3_REGION, AWS credentials): the releases in a
 * bucket, through a local copy (S3_MIRROR_DIR) synced every S3_SYNC_SECONDS (2)
 * Environment: src/settings.ts (the README's table).
 */
const { values } = parseArgs({
  options: {
    dist: { type: 'boolean' },
    releases: { type: 'string' },
    config: { type: 'string' },
    port: { type: 'string' },
  },
});

/** A setting read from the environment, or one line saying what is wrong with it and exit 1. */
function fromEnv<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

const settings = fromEnv(() => readWebServerSettings(process.env));
const { releaseStore } = settings.store;
const typedPath = (typed: string) => fromInvocationDir(typed, settings.invocationDir);
const bucketUrl = !values.dist && !values.releases && isBucketUrl(releaseStore) ? releaseStore : null;
const location = bucketUrl ? fromEnv(() => bucketLocation(bucketUrl, settings.store)) : null;
const mirror = location
  ? bucketMirror(
      location,
      settings.s3MirrorDir
        ? typedPath(settings.s3MirrorDir)
        : path.join(
            os.tmpdir(),
            'kloof-bucket-mirror',
            createHash('sha256').update(describeLocation(location)).digest('hex').slice(0, 16),
          ),
    )
  : null;
if (mirror && location) {
  // The first copy before the first request: the server starts with what the bucket holds.
  await mirror.sync().catch((error: unknown) => {
    console.error(`Cannot read ${describeLocation(location)}: ${(error as Error).message}`);
    process.exit(1);
  });
  mirror.start(settings.s3SyncSeconds * 1000, (error) =>
    console.error(`Syncing ${describeLocation(location)} failed: ${(error as Error).message}`),
  );
}

const site = values.dist
  ? distSite(repoRoot)
  : mirror
    ? releasesSite(mirror.layout, location ? describeLocation(location) : undefined)
    : releasesSite(
        releasesLayout(
          values.releases ? typedPath(values.releases) : defaultReleasesDir(settings.store, settings.invocationDir),
        ),
      );
const configFile = values.config ?? settings.runtimeConfig;
const runtimeConfig = loadRuntimeConfig(configFile ? typedPath(configFile) : undefined, settings.apiHost);

const app = await buildStaticServer({
  site,
  runtimeConfig,
  apiUpstream: fromEnv(() => parseApiUpstreams(settings.apiUpstream)),
  // An API instance going down or coming back is worth a line whatever LOG_REQUESTS says.
  onUpstreamChange: (line) => console.log(line),
  https: settings.https,
  trustProxy: fromEnv(() => parseTrustedProxies(settings.trustProxy, String(settings.trustProxyHops))),
  logger: settings.logRequests,
  telemetrySecret: fromEnv(() => parseTelemetrySecret(settings.telemetrySecret)),
  edgeLimits: edgeLimitsFrom(settings),
  otlpEndpoint: settings.tracing.otlpEndpoint,
  ...(settings.metrics.port === undefined
    ? {}
    : { metrics: { port: settings.metrics.port, host: settings.metrics.host, report: (line) => console.log(line) } }),
});

const port = values.port === undefined ? settings.port : Number(values.port);
const address = await app.listen({ port, host: settings.host });
const url = `http://localhost:${new URL(address).port}`;
console.log(`Kloof Digital is running at ${url} (serving ${site.describe()})`);

// Ctrl-C can arrive more than once (a terminal and a parent both pass it on): one quiet stop.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all([stopGracefully(app), mirror?.stop()]).then(() => process.exit(0));
  });
}
