import { Type } from '@sinclair/typebox';
import { Int, setting } from './setting';

/**
 * Where a server serves `/metrics` (Prometheus text): a port apart from its public one, off unless
 * set, on loopback unless told (the API and the web server read the same two names, each its own).
 */
export const metricsSettings = {
  port: setting(
    'METRICS_PORT',
    Type.Optional(Int(0, 65535)),
    'port of `/metrics` (Prometheus text), apart from the public one; unset: no metrics served',
  ),
  host: setting(
    'METRICS_HOST',
    Type.String({ minLength: 1, default: '127.0.0.1' }),
    'address `/metrics` listens on: loopback unless the scraper runs on another machine',
  ),
};

/** Each part's METRICS_PORT under `pnpm start` and `pnpm serve`: one variable would be both parts' and collide. */
export const apiMetricsPortSetting = setting(
  'API_METRICS_PORT',
  Type.Optional(Int(1, 65535)),
  "the API's `/metrics` port under `pnpm start` and `pnpm serve` (its `METRICS_PORT`)",
  'none',
);

export const webMetricsPortSetting = setting(
  'WEB_METRICS_PORT',
  Type.Optional(Int(1, 65535)),
  "the web server's `/metrics` port under `pnpm start` and `pnpm serve` (its `METRICS_PORT`)",
  'none',
);
