import { defineEndpoints } from './define';

/** Running the product: health, error telemetry per release, and the dev mail outbox. */
export const operations = defineEndpoints({
  getHealth: {
    access: 'public',
    tags: ['health'],
    method: 'GET',
    path: '/health',
    summary: 'Liveness, database and mail queue',
    // 503 keeps the same body: a load balancer reads why.
    response: { 200: 'Health', 503: 'Health' },
    errors: [],
  },
  reportTelemetry: {
    access: 'public',
    tags: ['telemetry'],
    method: 'POST',
    path: '/telemetry',
    summary: 'Report page loads and failures of app versions (batched, by sendBeacon)',
    description:
      'Anonymous. JSON as application/json or text/plain (what navigator.sendBeacon sends). ' +
      'Only counts per app, version, kind, page and minute are kept, for 30 days.',
    body: 'TelemetryBatch',
    response: { 204: 'NoContent' },
    errors: [400, 413, 415, 429],
  },
  getTelemetrySummary: {
    access: 'admin',
    tags: ['telemetry', 'admin'],
    method: 'GET',
    path: '/telemetry/summary',
    summary: 'Page loads, errors and error rate per app version',
    querystring: 'TelemetrySummaryQuery',
    response: { 200: 'TelemetrySummary' },
    errors: [400, 401, 403],
  },
  listOutbox: {
    access: 'public',
    tags: ['dev'],
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Local mail outbox (development and tests only)',
    querystring: 'OutboxQuery',
    response: { 200: 'Outbox' },
    errors: [400],
  },
});
