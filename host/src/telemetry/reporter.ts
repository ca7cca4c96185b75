/**
 * Telemetry per release: what went wrong with which app version on which page, and how fast the
 * page was (web vitals), nothing about the person (no URL parameters, no user, no message text).
 * Batched and sent with sendBeacon, so it costs the page nothing and survives the page being
 * closed. Each batch carries this page load's token from the web server: without it the API
 * counts nothing (forged telemetry must not steer releases).
 */
/** What POST /v1/telemetry accepts (the API contract's TelemetryEvent): anything else is refused. */
export type TelemetryKind = 'page-load' | 'load-failed' | 'integrity-failed' | 'render-error' | 'fallback-loaded';
export type VitalKind = 'lcp' | 'inp' | 'cls';

export interface TelemetryEvent {
  kind: TelemetryKind | VitalKind;
  app: string;
  version: string;
  /** The page (its module in the route table, e.g. "Pricing"), never the URL; '' for none. */
  route: string;
  /** A web vital's value (LCP and INP in ms, CLS unitless); only with those kinds. */
  value?: number;
}

/** Sent when this many events wait, or after the delay, or when the page is hidden. */
const BATCH_SIZE = 20;
const BATCH_DELAY_MS = 5000;
/** The web server's token lives 30 minutes: a long-open page asks for a new one well before. */
const TOKEN_REFRESH_MS = 20 * 60_000;
/** Where the web server hands out tokens (api-contract TELEMETRY_TOKEN_PATH): this page's origin. */
const TOKEN_PATH = '/telemetry-token';

let queue: TelemetryEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let endpoint = '/v1/telemetry';
let token: { value: string; at: number } | null = null;
let asking: Promise<string | null> | null = null;
/** The web server answered 204: telemetry is off on this site, so this page load stops asking. */
let off = false;

async function tokenFrom(res: Response): Promise<unknown> {
  if (res.status === 204) off = true;
  if (res.ok && !off) return ((await res.json()) as { token?: unknown }).token;
  // A refusal's body is dropped, not left open: an unread answer keeps its request in flight.
  await res.body?.cancel();
  return undefined;
}

/** This page load's token (asked for once, again when old); null when the server gives none. */
function currentToken(): Promise<string | null> {
  if (off) return Promise.resolve(null);
  if (token && Date.now() - token.at < TOKEN_REFRESH_MS) return Promise.resolve(token.value);
  asking ??= fetch(TOKEN_PATH, { credentials: 'same-origin', cache: 'no-store' })
    .then(tokenFrom)
    .then((value) => {
      token = typeof value === 'string' ? { value, at: Date.now() } : null;
      return token?.value ?? null;
    })
    .catch(() => null)
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** Where events go (the API's origin, '' = same origin); asks for the token at once, so a leaving page has it. */
export function configureTelemetry(apiHost: string): void {
  endpoint = `${apiHost.replace(/\/$/, '')}/v1/telemetry`;
  void currentToken();
}

function send(tokenValue: string, events: TelemetryEvent[]): void {
  // text/plain keeps the beacon a simple request (no CORS preflight to an API on another origin).
  const body = new Blob([JSON.stringify({ token: tokenValue, events })], { type: 'text/plain;charset=UTF-8' });
  if (!navigator.sendBeacon?.(endpoint, body)) {
    void fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

export function flushTelemetry(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!queue.length) return;
  const events = queue;
  queue = [];
  // Usually the token is here long before the first batch; a page without one reports nothing.
  if (token && Date.now() - token.at < TOKEN_REFRESH_MS) send(token.value, events);
  else void currentToken().then((value) => value && send(value, events));
}

export function reportTelemetry(event: TelemetryEvent): void {
  queue.push(event);
  // Web vitals arrive as the page is hidden, possibly after this module's own flush on hiding.
  if (queue.length >= BATCH_SIZE || document.visibilityState === 'hidden') flushTelemetry();
  else timer ??= setTimeout(flushTelemetry, BATCH_DELAY_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushTelemetry);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushTelemetry();
  });
}
