/**
 * Error telemetry per release: what went wrong with which app version on which page, nothing
 * about the person (no URL parameters, no user, no message text). Batched and sent with
 * sendBeacon, so it costs the page nothing and survives the page being closed.
 */
/** What POST /v1/telemetry accepts (api-server's telemetry.schemas.ts): anything else is refused. */
export type TelemetryKind = 'page-load' | 'load-failed' | 'integrity-failed' | 'render-error' | 'fallback-loaded';

export interface TelemetryEvent {
  kind: TelemetryKind;
  app: string;
  version: string;
  /** The page (its module in the route table, e.g. "Pricing"), never the URL; '' for none. */
  route: string;
}

/** Sent when this many events wait, or after the delay, or when the page is hidden. */
const BATCH_SIZE = 20;
const BATCH_DELAY_MS = 5000;

let queue: TelemetryEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let endpoint = '/v1/telemetry';

/** Where events go: the API's origin ('' = same origin). */
export function configureTelemetry(apiHost: string): void {
  endpoint = `${apiHost.replace(/\/$/, '')}/v1/telemetry`;
}

export function flushTelemetry(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!queue.length) return;
  const events = queue;
  queue = [];
  // text/plain keeps the beacon a simple request (no CORS preflight to an API on another origin).
  const body = new Blob([JSON.stringify({ events })], { type: 'text/plain;charset=UTF-8' });
  if (!navigator.sendBeacon?.(endpoint, body)) {
    void fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

export function reportTelemetry(event: TelemetryEvent): void {
  queue.push(event);
  if (queue.length >= BATCH_SIZE) flushTelemetry();
  else timer ??= setTimeout(flushTelemetry, BATCH_DELAY_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushTelemetry);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushTelemetry();
  });
}
