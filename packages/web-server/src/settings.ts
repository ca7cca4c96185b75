import { Type } from '@sinclair/typebox';
import {
  DEFAULT_WEB_PORT,
  envReader,
  Flag,
  Int,
  invocationDirSetting,
  isOn,
  metricsSettings,
  tracingSettings,
  releaseStoreSettings,
  setting,
  Text,
  decodeSettings,
  type SettingsOf,
} from '@kloof/settings';

// Every environment variable the web server reads, declared once: the settings main.ts uses, the
// check at start and the README's table (`pnpm --filter @kloof/web-server env-table`) derive from it.
// Values that need more than a schema (API origins, proxies, the telemetry secret) are read by
// their own parsers in main.ts, which name the variable in their errors.

export const webServerSettings = {
  port: setting('PORT', Int(0, 65535, DEFAULT_WEB_PORT), 'port the web server listens on (`--port` wins)'),
  host: setting('HOST', Type.String({ minLength: 1, default: '127.0.0.1' }), 'address it listens on'),
  apiUpstream: setting(
    'API_UPSTREAM',
    Type.String({ minLength: 1, default: 'http://127.0.0.1:4000' }),
    'the API behind `/v1`: one origin, or a comma list (health-checked, round-robin, failover)',
  ),
  apiHost: setting(
    'API_HOST',
    Text(),
    "the API origin written into `/config.json` (browsers then call it, not this server's `/v1`)",
  ),
  runtimeConfig: setting('RUNTIME_CONFIG', Text(), 'a JSON file served as `/config.json` (`--config` wins)'),
  telemetrySecret: setting(
    'TELEMETRY_SECRET',
    Text(),
    "signs each page load's telemetry token at `GET /telemetry-token` (32+ characters, the API's own value)",
    'unset: that path answers 204 (telemetry off) and no telemetry counts',
  ),
  https: setting('HTTPS', Flag, 'served over HTTPS (by a proxy in front): HSTS and Secure cookies', {
    decode: isOn,
  }),
  trustProxy: setting(
    'TRUST_PROXY',
    Text(),
    'addresses or CIDR blocks of the proxies in front, whose X-Forwarded-For is believed',
  ),
  trustProxyHops: setting('TRUST_PROXY_HOPS', Int(1, 10, 1), 'how many trusted proxies stand in front'),
  metrics: metricsSettings,
  tracing: tracingSettings,
  logRequests: setting('LOG_REQUESTS', Flag, 'one log line per request', { decode: isOn }),
  // Where releases live: shared with the release tool, which writes them.
  store: releaseStoreSettings,
  // Paths given (`--releases`, `--config`, RELEASES_DIR, RUNTIME_CONFIG, S3_MIRROR_DIR) resolve against it.
  invocationDir: invocationDirSetting,
  s3MirrorDir: setting('S3_MIRROR_DIR', Text(), "the bucket's local copy", 'a folder in the system temp folder'),
  s3SyncSeconds: setting('S3_SYNC_SECONDS', Int(1, 3600, 2), 'how often the local copy syncs with the bucket, seconds'),
  headerTimeoutSeconds: setting(
    'HEADER_TIMEOUT_SECONDS',
    Int(1, 600, 20),
    "how long a client may take to send a request's headers, from its first byte or the connection's start; then 408 and closed",
  ),
  bodyTimeoutSeconds: setting(
    'BODY_TIMEOUT_SECONDS',
    Int(1, 600, 30),
    'the longest pause between two pieces of a request body; then the connection is closed',
  ),
  keepAliveTimeoutSeconds: setting(
    'KEEP_ALIVE_TIMEOUT_SECONDS',
    Int(1, 600, 15),
    'how long a kept-alive connection may wait idle for its next request',
  ),
  maxConnections: setting(
    'MAX_CONNECTIONS',
    Int(1, 1_000_000, 10_000),
    'open connections at most (keep it under the open-file limit); a new one closes the oldest idle or slow one',
  ),
  maxConnectionsPerAddress: setting(
    'MAX_CONNECTIONS_PER_ADDRESS',
    Int(1, 1_000_000, 256),
    "open connections from one address at most (a `TRUST_PROXY` peer has none); a new one closes that address's oldest idle or slow one",
  ),
};

export type WebServerSettings = SettingsOf<typeof webServerSettings>;

const reader = envReader(webServerSettings);

/** The web server's settings from an environment (throws an EnvError listing every bad variable). */
export function readWebServerSettings(env: Record<string, string | undefined>): WebServerSettings {
  return decodeSettings(webServerSettings, reader.read(env));
}
