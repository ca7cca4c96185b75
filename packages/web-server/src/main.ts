#!/usr/bin/env tsx
import { parseArgs } from 'node:util';
import { defaultReleasesDir, fromInvocationDir, releasesLayout, repoRoot } from '@kloof/release-registry/folder';
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

const site = values.dist
  ? distSite(repoRoot)
  : releasesSite(releasesLayout(values.releases ? fromInvocationDir(values.releases) : defaultReleasesDir()));
const configFile = values.config ?? process.env.RUNTIME_CONFIG;
const runtimeConfig = loadRuntimeConfig(configFile ? fromInvocationDir(configFile) : undefined);

/** A setting read from the environment, or one line saying what is wrong with it and exit 1. */
function fromEnv<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}

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
    void stopGracefully(app).then(() => process.exit(0));
  });
}
