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
    summary: 'Report page loads, failures and web vitals of app versions (batched, by sendBeacon)',
    description:
      'Anonymous, from a page of the site: JSON as application/json or text/plain (what ' +
      "navigator.sendBeacon sends) with the page load's token (GET /telemetry-token on the web " +
      'server) and an Origin equal to the site that issued it (else 403). One vote per browser, app ' +
      'version and kind per five-minute window; only counters per app, version, kind and window are kept.',
    body: 'TelemetryBatch',
    response: { 204: 'NoContent' },
    errors: [400, 403, 413, 415, 429],
  },
  getTelemetrySummary: {
    // Admins and verified system users (/system is theirs): the telemetry module checks which.
    access: 'verified',
    tags: ['telemetry', 'admin', 'system'],
    method: 'GET',
    path: '/telemetry/summary',
    summary: 'Page loads, errors, error rate and web vitals per app version (Admins and system users)',
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
