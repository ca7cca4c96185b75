#!/usr/bin/env tsx
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bucketLocation, describeLocation, isBucketUrl } from '@kloof/release-registry/bucket';
import { defaultReleasesDir, fromInvocationDir, releasesLayout, repoRoot } from '@kloof/release-registry/folder';
import { bucketMirror } from './bucket-mirror';
import { parseTrustedProxies } from './client-address';
import { parseTelemetrySecret } from './telemetry-token';
import { parseApiUpstreams } from './upstreams';
import { loadRuntimeConfig } from './runtime-config';
import { distSite, releasesSite } from './site';
import { buildStaticServer } from './static-server';
import { stopGracefully } from './graceful-stop';

/**
 * serve              the releases folder (RELEASES_DIR or packages/release-tool/.releases): what `pnpm start` runs
 * serve --dist       the apps' dist folders straight after `pnpm build` (browser tests, quick checks)
 * RELEASE_STORE=s3://bucket/prefix (+ S3_ENDPOINT, S3_REGION, AWS credentials): the releases in a
 * bucket, through a local copy (S3_MIRROR_DIR) synced every S3_SYNC_SECONDS (2)
 * Env: PORT (8080), HOST, RUNTIME_CONFIG (file served as /config.json), API_HOST, API_UPSTREAM
 * (one API origin or a comma list), TELEMETRY_SECRET (shared with the API), HTTPS=1, TRUST_PROXY (addresses/CIDRs of a front proxy) + TRUST_PROXY_HOPS, LOG_REQUESTS=1.
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

const bucketUrl =
  !values.dist && !values.releases && isBucketUrl(process.env.RELEASE_STORE) ? process.env.RELEASE_STORE : null;
const location = bucketUrl ? fromEnv(() => bucketLocation(bucketUrl)) : null;
const mirror = location
  ? bucketMirror(
      location,
      process.env.S3_MIRROR_DIR
        ? fromInvocationDir(process.env.S3_MIRROR_DIR)
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
  const seconds = fromEnv(() => {
    const value = Number(process.env.S3_SYNC_SECONDS ?? 2);
    if (!(value > 0))
      throw new Error(`S3_SYNC_SECONDS must be a number of seconds above 0 (got "${process.env.S3_SYNC_SECONDS}").`);
    return value;
  });
  mirror.start(seconds * 1000, (error) =>
    console.error(`Syncing ${describeLocation(location)} failed: ${(error as Error).message}`),
  );
}

const site = values.dist
  ? distSite(repoRoot)
  : mirror
    ? releasesSite(mirror.layout, location ? describeLocation(location) : undefined)
    : releasesSite(releasesLayout(values.releases ? fromInvocationDir(values.releases) : defaultReleasesDir()));
const configFile = values.config ?? process.env.RUNTIME_CONFIG;
const runtimeConfig = loadRuntimeConfig(configFile ? fromInvocationDir(configFile) : undefined);

const app = await buildStaticServer({
  site,
  runtimeConfig,
  apiUpstream: fromEnv(() => parseApiUpstreams(process.env.API_UPSTREAM ?? 'http://127.0.0.1:4000')),
  // An API instance going down or coming back is worth a line whatever LOG_REQUESTS says.
  onUpstreamChange: (line) => console.log(line),
  https: process.env.HTTPS === '1',
  trustProxy: fromEnv(() => parseTrustedProxies(process.env.TRUST_PROXY, process.env.TRUST_PROXY_HOPS)),
  logger: process.env.LOG_REQUESTS === '1',
  telemetrySecret: fromEnv(() => parseTelemetrySecret(process.env.TELEMETRY_SECRET)),
});

const port = Number(values.port ?? process.env.PORT ?? 8080);
const address = await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
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
